#!/usr/bin/env bash
# Runs a differential-testing bundle of scripts/difftest_export.py (docs/testing.md,
# "Differential testing") on a GPU machine. Every exported file is one job: nvcc builds its
# executable, then scripts/difftest_server.py runs all of the file's cases through one
# `--server` process (one CUDA context per file, not per case) and compares the results with
# the interpreter's. JOBS jobs run at once (default: the number of cores), so that builds
# keep the CPU busy while finished files run on the GPU. No job starts after SECONDS seconds
# (default: no limit), so that a run with a time limit still ends with its summary. Each
# file's build log is BUNDLE/<dir>/build.log and its run's log BUNDLE/<dir>/server.log; the
# failures are printed, then one line with the totals. The host code is built at -O0
# (NVCC_HOST_OPT): g++ on the generated host code is a third of nvcc's time, and what is
# tested is the device code and the values.
#   bash scripts/difftest-gpu.sh BUNDLE [SECONDS]
set -uo pipefail
bundle=$(cd "${1:?usage: difftest-gpu.sh BUNDLE [SECONDS]}" && pwd)
export limit=${2:-0} bundle
export here=$(cd "$(dirname "$0")" && pwd)
export nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
export host_opt=${NVCC_HOST_OPT:--O0}
manifest=$bundle/manifest.txt
start=$(date +%s)
export start

# One file: build (unless built), then run its cases; prints one status line.
one_file() {
  local exe=$1 dir stem
  dir=$(dirname "$bundle/$exe"); stem=$(basename "$exe")
  if [ "$limit" != 0 ] && [ $(($(date +%s) - start)) -ge "$limit" ]; then
    echo "NOTRUN $exe"; return
  fi
  if ! [ "$bundle/$exe" -nt "$dir/$stem.cu" ] &&
     ! "$nvcc" -std=c++17 "$host_opt" -arch=sm_90 -Werror all-warnings "$dir/$stem.cu" \
         "$dir/${stem}_main.cpp" -o "$bundle/$exe" > "$dir/build.log" 2>&1; then
    echo "BUILDFAIL $exe"; return
  fi
  python3 "$here/difftest_server.py" "$bundle" "$bundle/manifest.txt" "$exe" > "$dir/server.log" 2>&1
  echo "RAN $exe at $(($(date +%s) - start))s"
}
export -f one_file

cut -d' ' -f1 "$manifest" | sort -u |
  xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'one_file {}' > "$bundle/files.log"

files=$(cut -d' ' -f1 "$manifest" | sort -u | wc -l)
programs=$(wc -l < "$manifest")
passed=0 failed=0 unrun=0 buildfail=0
while read -r status exe _; do
  cases=$(awk -v e="$exe" '$1 == e' "$manifest" | wc -l)
  case $status in
    RAN)
      log=$(dirname "$bundle/$exe")/server.log
      grep -E '^FAIL' "$log"
      p=$(grep -c '^PASS' "$log"); f=$(grep -c '^FAIL' "$log")
      passed=$((passed + p)) failed=$((failed + f))
      # a driver that stopped early leaves cases without a verdict
      unrun=$((unrun + cases - p - f))
      grep -q '^difftest-server:' "$log" || { echo "difftest-gpu: $log has no summary"; tail -5 "$log"; } ;;
    BUILDFAIL)
      echo "FAIL build $exe"; head -20 "$(dirname "$bundle/$exe")/build.log"
      buildfail=$((buildfail + 1)) failed=$((failed + cases)) ;;
    *) unrun=$((unrun + cases)) ;;
  esac
done < "$bundle/files.log"
built=$(grep -c '^RAN' "$bundle/files.log")
echo "difftest-gpu: $programs programs in $files files; $built files built and run, $buildfail" \
     "failed to build; $passed passed, $failed failed, $unrun not run; $(($(date +%s) - start))s"
[ "$failed" -eq 0 ] && [ "$unrun" -eq 0 ]
