#!/usr/bin/env bash
# Build the wheel, install it into a fresh virtual environment, and play both games from a
# directory outside the repository: the built-in tables must ship inside the package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m pip wheel --quiet --no-deps -w "$work/dist" "$root"
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
