#!/usr/bin/env bash
# Build the wheel, install it into a fresh virtual environment, and play both games from a
# directory outside the repository: the built-in tables must ship inside the package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Built from a copy of the files git knows (tracked, or new and not ignored): an in-tree build
# leaves build/ behind, and a later one shipped files since deleted from the source.
src="$root"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    src="$work/src"
    mkdir "$src"
    (cd "$root" && git ls-files -z --cached --others --exclude-standard \
        | while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done \
        | tar --null -T - -cf -) | tar -xf - -C "$src"
fi
"$python" -m pip wheel --quiet --no-deps -w "$work/dist" "$src"
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$work"/dist/wordkit-*.whl
cd "$work"
export WORDKIT_CACHE="$work/cache"
"$work/venv/bin/wordkit" --version
"$work/venv/bin/wordkit" stats hangman --words categories --format json > hangman.json
"$work/venv/bin/wordkit" stats wordle --format json > wordle.json
"$work/venv/bin/python" - <<'PY'
import json
for name in ("hangman", "wordle"):
    data = json.load(open(f"{name}.json"))
    assert data["games"] > 0 and data["wins"] > 0, data
    print(f"wheel ok: {name}: {data['games']} games, win rate {data['win_rate']:.4f}")
from wordkit.wordle import partitions
# Optional: without a C compiler the wheel still works, on numpy alone.
print("wheel ok: compiled search kernel:", "yes" if partitions._kernels else "no (numpy)")
PY
