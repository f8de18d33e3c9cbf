#!/usr/bin/env bash
# Lines of generated code per source line, for every samples/*.fut (issue #17's measure of
# review-friendly output): the lines of what a reviewer reads of the generated program --
# CUDA's <stem>.cu; OpenCL's <stem>_host.cpp plus <stem>.cl -- over the non-blank lines of
# the .fut. The runtime headers, the C API header (<stem>.h), the tuning header, the
# executable's main and OpenCL's <stem>_cl.h (the .cl text again, marked as generated) are
# not counted. Reads the checked-in samples (tests/CheckSamples.cmake keeps them current).
# Usage: scripts/lines-per-source.sh [--max RATIO]  (exit 1 when a ratio exceeds RATIO)
set -euo pipefail
cd "$(dirname "$0")/.."
max=""
if [[ "${1:-}" == "--max" ]]; then
  max=${2:?--max needs a ratio}
fi
lines() { cat "$@" | wc -l; }
total_gen=0 total_src=0 failed=0
printf '%-12s %-7s %8s %8s %7s\n' sample backend source generated ratio
for prog in samples/*.fut; do
  name=$(basename "$prog" .fut)
  src=$(grep -c '[^[:space:]]' "$prog")
  for backend in cuda opencl; do
    dir="samples/$name/$backend"
    if [[ $backend == cuda ]]; then
      gen=$(lines "$dir/$name.cu")
    else
      gen=$(lines "$dir/${name}_host.cpp" "$dir/$name.cl")
    fi
    ratio=$(awk -v g="$gen" -v s="$src" 'BEGIN { printf "%.1f", g / s }')
    printf '%-12s %-7s %8d %8d %7s\n' "$name" "$backend" "$src" "$gen" "$ratio"
    total_gen=$((total_gen + gen))
    total_src=$((total_src + src))
    if [[ -n $max ]] && awk -v r="$ratio" -v m="$max" 'BEGIN { exit !(r > m) }'; then
      echo "lines-per-source: $dir has $ratio generated lines per source line (at most $max)" >&2
      failed=1
    fi
  done
done
printf '%-12s %-7s %8d %8d %7s\n' all both "$total_src" "$total_gen" \
  "$(awk -v g="$total_gen" -v s="$total_src" 'BEGIN { printf "%.1f", g / s }')"
exit $failed
