#!/usr/bin/env bash
# Side by side: doddle 1.6.0's entropy benchmark from SALET vs wordkit's entropy run over
# all 2,315 answers. doddle lives in its own venv (bench/.venv-doddle, numpy<2) and is only
# measured here, never imported by wordkit.
#
# Usage: bench/doddle.sh   (from the repository root or anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
VENV=bench/.venv-doddle
DATA=${WORDKIT_WORDLE_DATA:-$ROOT/../shared/data/wordle}
PY=${PYTHON:-$(command -v python3.11 || command -v python3)}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

if [ ! -x "$VENV/bin/doddle" ]; then
    "$PY" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet "doddle==1.6.0" "numpy<2"
fi

# Runs a command under /usr/bin/time -v; prints wall seconds and peak RSS (MB) on one line.
measure() {
    local name=$1; shift
    /usr/bin/time -v "$@" >"$OUT/$name.out" 2>"$OUT/$name.time" || {
        cat "$OUT/$name.out" "$OUT/$name.time" >&2; exit 1; }
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$OUT/$name.time" \
        | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$OUT/$name.time")
    echo "$wall $rss"
}

echo "doddle benchmark --guess=SALET --solver=ENTROPY ..." >&2
read -r D_WALL D_RSS < <(measure doddle "$VENV/bin/doddle" benchmark --guess=SALET --solver=ENTROPY)
grep -iE "mean|average|guess" "$OUT/doddle.out" | tail -n 5 >&2 || true

WORDKIT_RUN="
import sys
from wordkit.wordle.lists import load_wordle
from wordkit.wordle.play import run_stats
game = load_wordle(sys.argv[1] + '/answers.txt', sys.argv[1] + '/allowed.txt')
r, _ = run_stats(game, 'entropy', opener='salet')
print(f\"wordkit entropy SALET: mean {r.mean_guesses:.4f} max {r.max_guesses} \"
      f\"within 6 {r.wins}/{r.games} games {r.seconds:.3f} s\")
"
echo "wordkit entropy (cold: empty cache, matrix built in the run) ..." >&2
read -r W_WALL W_RSS < <(WORDKIT_CACHE="$OUT/cache" measure wk_cold .venv/bin/python -c "$WORDKIT_RUN" "$DATA")
cat "$OUT/wk_cold.out" >&2
echo "wordkit entropy (warm: matrix from the disk cache) ..." >&2
read -r V_WALL V_RSS < <(WORDKIT_CACHE="$OUT/cache" measure wk_warm .venv/bin/python -c "$WORDKIT_RUN" "$DATA")

echo
echo "| run | wall s | peak RSS MB |"
echo "|---|---:|---:|"
echo "| doddle 1.6.0 benchmark SALET ENTROPY | $D_WALL | $D_RSS |"
echo "| wordkit entropy SALET (cold cache) | $W_WALL | $W_RSS |"
echo "| wordkit entropy SALET (warm cache) | $V_WALL | $V_RSS |"
awk -v d="$D_WALL" -v w="$W_WALL" -v v="$V_WALL" \
    'BEGIN { printf "\nspeed ratio doddle/wordkit: %.1fx cold, %.1fx warm\n", d / w, d / v }'

mkdir -p bench/results
printf '{"doddle": {"version": "1.6.0", "wall_seconds": %s, "peak_rss_mb": %s},\n "wordkit_cold": {"wall_seconds": %s, "peak_rss_mb": %s},\n "wordkit_warm": {"wall_seconds": %s, "peak_rss_mb": %s}}\n' \
    "$D_WALL" "$D_RSS" "$W_WALL" "$W_RSS" "$V_WALL" "$V_RSS" > bench/results/wordle_doddle.json
