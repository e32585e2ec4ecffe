#!/usr/bin/env bash
# Reference timings from Alex Selby's exact Wordle solver (C++), to set beside wordkit's.
# Its source is not part of this repository. Get wordle.cpp from
#   https://github.com/alex1770/wordle  (commit 377510e4ea13d8ceac249552eef327ac9ad780b4)
# and put it at bench/.cache/selby/wordle.cpp (git-ignored); this script builds it there.
#
# Usage: bench/selby.sh [-H] [-b BETA] OPENER...
#   -H       hard mode          -b BETA  cut-off (Selby's -b; the default is none, i.e. exact)
# One process per opener; prints "opener value seconds peak_MB", where value is the exact
# total of guesses over the 2,315 answers, or ">=BETA" when the opener was cut off.
# Word lists: $WORDLE_DATA/{answers,allowed}.txt (default ../shared/data/wordle).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$here/.cache/selby
src=$dir/wordle.cpp bin=$dir/wordle
data=${WORDLE_DATA:-$here/../../shared/data/wordle}

if [[ ! -f $src ]]; then
  echo "selby.sh: $src is missing." >&2
  echo "  Fetch wordle.cpp from github.com/alex1770/wordle at commit 377510e4ea13d8ceac249552eef327ac9ad780b4 and place it there." >&2
  exit 2
fi
if [[ ! -x $bin || $src -nt $bin ]]; then
  # COMMITDESC is normally supplied by Selby's Makefile.
  g++ -std=c++14 -O3 -march=native -DCOMMITDESC='"377510e4ea13"' -o "$bin" "$src"
fi

flags=()
while getopts "Hb:" o; do
  case $o in
    H) flags+=(-H) ;;
    b) flags+=("-b$OPTARG") ;;
    *) echo "usage: $0 [-H] [-b BETA] OPENER..." >&2; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
(($#)) || { echo "usage: $0 [-H] [-b BETA] OPENER..." >&2; exit 1; }

log=$(mktemp)
trap 'rm -f "$log" "$log.t"' EXIT
for w in "$@"; do
  /usr/bin/time -f "%e %M" -o "$log.t" \
    "$bin" -h "$data/answers.txt" -a "$data/allowed.txt" "${flags[@]}" -w "$w" >"$log"
  # Selby prints "First guess WORD = N" (exact) or "First guess WORD >= N" (cut off at beta N).
  value=$(awk '/^First guess /{print ($4 == ">=" ? ">=" : "") $5}' "$log")
  read -r secs kb <"$log.t"
  printf '%s %s %s %.0f\n' "$w" "${value:-?}" "$secs" "$((kb / 1024))"
done
