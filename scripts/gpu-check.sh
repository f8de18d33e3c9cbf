#!/usr/bin/env bash
# Runs exported CUDA program tests on a machine with a GPU and nvcc (but no Fjord):
#   here:  build/src/driver/fjord test --backend cuda --export gpu-bundle tests/programs
#   there: bash scripts/gpu-check.sh gpu-bundle [--sanitize]
# Builds every exported program with nvcc (warnings as errors), runs each case, compares
# the output with the expected values (scripts/compare_values.py) and prints a summary.
# With --sanitize, each case also runs under compute-sanitizer (memcheck).
set -uo pipefail
bundle=${1:?usage: gpu-check.sh BUNDLE [--sanitize]}
sanitize=${2:-}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
manifest=${MANIFEST:-$bundle/manifest.txt}

# Build every program first, in parallel (one nvcc per core).
build_one() {
  local exe=$1 dir stem
  dir=$(dirname "$bundle/$exe"); stem=$(basename "$exe")
  if [ "$bundle/$exe" -nt "$dir/$stem.cu" ]; then echo "$exe ok"; return; fi
  if "$nvcc" -std=c++17 -O2 -arch=sm_90 -Werror all-warnings "$dir/$stem.cu" "$dir/${stem}_main.cpp" \
       -o "$bundle/$exe" > "$dir/build.log" 2>&1; then
    echo "$exe ok"
  else
    echo "$exe failed"
  fi
}
export -f build_one; export bundle nvcc
declare -A built
while read -r exe status; do built[$exe]=$status; done < <(
  cut -d' ' -f1 "$manifest" | sort -u | xargs -P "$(nproc)" -I{} bash -c 'build_one {}')

while read -r exe entry base source; do
  if [ "${built[$exe]}" = failed ]; then
    echo "FAIL build $source"; head -20 "$(dirname "$bundle/$exe")/build.log"
    built[$exe]=reported
  fi
  if [ "${built[$exe]}" != ok ]; then fail=$((fail + 1)); continue; fi
  runner=()
  params=() # `fjord test --param` options exported beside the executable
  [ -f "$bundle/$exe.params" ] && read -ra params < "$bundle/$exe.params"
  [ "$sanitize" = --sanitize ] &&
    runner=(compute-sanitizer --error-exitcode 99 --print-limit 5 --log-file "$bundle/$base.sanitizer")
  if ! "${runner[@]}" "$bundle/$exe" "${params[@]}" -e "$entry" < <(zcat "$bundle/$base.in.gz") > "$bundle/$base.out" 2> "$bundle/$base.err"; then
    echo "FAIL $source ($entry): exit status $?"; head -20 "$bundle/$base.err"
    [ -f "$bundle/$base.sanitizer" ] && head -20 "$bundle/$base.sanitizer"
    fail=$((fail + 1)); continue
  fi
  if diff=$(python3 "$here/compare_values.py" <(zcat "$bundle/$base.expected.gz") "$bundle/$base.out"); then
    pass=$((pass + 1))
  else
    echo "FAIL $source ($entry): $diff"; fail=$((fail + 1))
  fi
done < "$manifest"
echo "gpu-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
