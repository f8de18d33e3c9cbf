#!/usr/bin/env bash
# Runs exported CUDA program tests on a machine with a GPU and nvcc (but no Fjord):
#   here:  build/src/driver/fjord test --backend cuda --export gpu-bundle tests/programs
#   there: bash scripts/gpu-check.sh gpu-bundle [--sanitize]
# Builds every exported program with nvcc (warnings as errors), runs each case, compares
# the output with the expected values (scripts/compare_values.py) and prints a summary.
#
# With --sanitize (docs/testing.md, "On a GPU"), compute-sanitizer checks the generated code:
#  - every case runs under `memcheck` (out-of-bounds and misaligned accesses, errors of the
#    CUDA API), its output still compared with the expected values;
#  - the first case of every program whose kernels use shared memory (`__shared__` in its
#    .cu) runs again under `racecheck` (shared-memory hazards) and `synccheck` (barriers
#    that not every thread of a block reaches).
# Cases that only a GPU runs (manifest lines ending `gpu-only`: programs tagged `no_interp`,
# such as runtime/beyond_int32.fut with 2^31 elements) are beyond what the sanitizers check
# in time (they test at most about 2^20 elements): --sanitize skips them and counts them as
# skipped; a run without --sanitize runs them.
# A finding fails the case and is counted apart ("N sanitizer findings"); the tool's report
# is kept next to the case (`<case>.memcheck.log`, ...) and its first lines are printed.
# Each sanitizer run is limited to SANITIZE_TIMEOUT seconds (default 300); the tool is
# COMPUTE_SANITIZER, else compute-sanitizer on PATH, else /usr/local/cuda/bin's.
# NVCC_HOST_OPT (default -O2) is nvcc's optimisation level of the host code (the device
# code is always optimised); MANIFEST (default BUNDLE/manifest.txt) selects the cases.
set -uo pipefail
usage="usage: gpu-check.sh BUNDLE [--sanitize]"
bundle=${1:?$usage}
sanitize=0
case ${2:-} in
  --sanitize) sanitize=1 ;;
  "") ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
sanitize_timeout=${SANITIZE_TIMEOUT:-300}
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0 findings=0 skipped=0
manifest=${MANIFEST:-$bundle/manifest.txt}
if [ "$sanitize" = 1 ] && [ ! -x "$sanitizer" ]; then
  echo "gpu-check: --sanitize needs compute-sanitizer (not found at $sanitizer)" >&2
  exit 2
fi

# Build every program first, in parallel (one nvcc per core).
build_one() {
  local exe=$1 dir stem
  dir=$(dirname "$bundle/$exe"); stem=$(basename "$exe")
  if [ "$bundle/$exe" -nt "$dir/$stem.cu" ]; then echo "$exe ok"; return; fi
  if "$nvcc" -std=c++17 "$host_opt" -arch=sm_90 -Werror all-warnings "$dir/$stem.cu" "$dir/${stem}_main.cpp" \
       -o "$bundle/$exe" > "$dir/build.log" 2>&1; then
    echo "$exe ok"
  else
    echo "$exe failed"
  fi
}
export -f build_one; export bundle nvcc
export host_opt=${NVCC_HOST_OPT:--O2}
declare -A built
while read -r exe status; do built[$exe]=$status; done < <(
  cut -d' ' -f1 "$manifest" | sort -u | xargs -P "$(nproc)" -I{} bash -c 'build_one {}')
echo "gpu-check: ${#built[@]} programs built in ${SECONDS}s"

# Every case writes one line to its BASE.result: PASS, FAIL (and why) or FINDING; the
# counts come from those files, so cases can run concurrently (CASE_JOBS at a time, default
# 4: several processes share the GPU well, and sanitizer runs are mostly host time).
case_jobs=${CASE_JOBS:-4}

# Runs case BASE of program EXE (entry ENTRY) under compute-sanitizer's TOOL, with its
# output going to OUT; returns 0 when clean, 99 on a finding (reported), else the program's
# status. The report is kept in BASE.TOOL.log.
sanitized_run() {
  local tool=$1 exe=$2 entry=$3 base=$4 source=$5 out=$6 status
  local log="$bundle/$base.$tool.log" params=()
  # `fjord test --param` options exported beside the executable
  [ -f "$bundle/$exe.params" ] && read -ra params < "$bundle/$exe.params"
  timeout "$sanitize_timeout" "$sanitizer" --tool "$tool" --error-exitcode 99 --print-limit 10 \
    --log-file "$log" "$bundle/$exe" "${params[@]}" -e "$entry" < <(zcat "$bundle/$base.in.gz") \
    > "$out" 2> "$bundle/$base.err"
  status=$?
  if [ "$status" = 99 ]; then
    { echo "SANITIZER $tool $source ($entry): findings in $log"
      grep -m 12 -E '=========' "$log"; } >> "$bundle/$base.report"
    echo FINDING >> "$bundle/$base.result"
  elif [ "$status" = 124 ]; then
    echo "FAIL $source ($entry): $tool ran past ${sanitize_timeout}s" >> "$bundle/$base.report"
  fi
  return "$status"
}

# One case: run (under memcheck with --sanitize), compare, record the verdict.
check_case() {
  local exe=$1 entry=$2 base=$3 source=$4 status diff
  rm -f "$bundle/$base.result" "$bundle/$base.report"
  if [ "$sanitize" = 1 ]; then
    sanitized_run memcheck "$exe" "$entry" "$base" "$source" "$bundle/$base.out"
    status=$?
    if [ "$status" != 0 ]; then
      if [ "$status" != 99 ] && [ "$status" != 124 ]; then
        { echo "FAIL $source ($entry): exit status $status"
          head -20 "$bundle/$base.err"; } >> "$bundle/$base.report"
      fi
      echo FAIL >> "$bundle/$base.result"; return
    fi
  else
    "$bundle/$exe" $(cat "$bundle/$exe.params" 2>/dev/null) -e "$entry" \
      < <(zcat "$bundle/$base.in.gz") > "$bundle/$base.out" 2> "$bundle/$base.err"
    status=$?
  fi
  if [ "$status" != 0 ]; then
    { echo "FAIL $source ($entry): exit status $status"
      head -20 "$bundle/$base.err"; } >> "$bundle/$base.report"
    echo FAIL >> "$bundle/$base.result"; return
  fi
  if diff=$(python3 "$here/compare_values.py" <(zcat "$bundle/$base.expected.gz") "$bundle/$base.out"); then
    echo PASS >> "$bundle/$base.result"
  else
    echo "FAIL $source ($entry): $diff" >> "$bundle/$base.report"
    echo FAIL >> "$bundle/$base.result"
  fi
}
export -f sanitized_run check_case
export sanitize sanitizer sanitize_timeout here

# The number of sanitizer findings case BASE recorded.
found_in() { cat "$bundle/$1.result" 2>/dev/null | grep -cx FINDING; }

declare -A first_case
cases=()
while read -r exe entry base source scope; do
  if [ "${built[$exe]}" = failed ]; then
    echo "FAIL build $source"; head -20 "$(dirname "$bundle/$exe")/build.log"
    built[$exe]=reported
  fi
  if [ "${built[$exe]}" != ok ]; then fail=$((fail + 1)); continue; fi
  if [ "$sanitize" = 1 ] && [ "${scope:-}" = gpu-only ]; then
    echo "SKIP $source ($entry): GPU-only (large) case, not sanitized"
    skipped=$((skipped + 1)); continue
  fi
  [ -n "${first_case[$exe]:-}" ] || first_case[$exe]="$entry $base $source"
  cases+=("$exe $entry $base $source")
done < "$manifest"
if [ "${#cases[@]}" -gt 0 ]; then
  printf '%s\n' "${cases[@]}" |
    xargs -P "$case_jobs" -L 1 bash -c 'check_case "$@"' check_case
fi
for c in "${cases[@]}"; do
  read -r _ _ base _ <<< "$c"
  [ -f "$bundle/$base.report" ] && cat "$bundle/$base.report"
  if grep -qx PASS "$bundle/$base.result" 2>/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  findings=$((findings + $(found_in "$base")))
done

# racecheck and synccheck: once per program whose kernels use shared memory (its first case).
shared_programs=0
if [ "$sanitize" = 1 ]; then
  for exe in $(printf '%s\n' "${!first_case[@]}" | sort); do
    stem=$(basename "$exe")
    grep -q '__shared__' "$(dirname "$bundle/$exe")/$stem.cu" || continue
    shared_programs=$((shared_programs + 1))
    read -r entry base source <<< "${first_case[$exe]}"
    for tool in racecheck synccheck; do
      rm -f "$bundle/$base.result" "$bundle/$base.report"
      sanitized_run "$tool" "$exe" "$entry" "$base" "$source" /dev/null || fail=$((fail + 1))
      [ -f "$bundle/$base.report" ] && cat "$bundle/$base.report"
      findings=$((findings + $(found_in "$base")))
    done
  done
fi

summary="gpu-check: $pass passed, $fail failed"
[ "$skipped" -gt 0 ] && summary+=", $skipped skipped (GPU-only cases, too large to sanitize)"
[ "$sanitize" = 1 ] &&
  summary+="; compute-sanitizer: memcheck on every case run, racecheck and synccheck on $shared_programs programs with shared memory, $findings findings"
echo "$summary"
[ "$fail" -eq 0 ]
