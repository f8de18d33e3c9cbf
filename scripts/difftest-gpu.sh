#!/usr/bin/env bash
# Runs a differential-testing bundle of scripts/difftest_export.py (docs/testing.md,
# "Differential testing") on a GPU machine: each part (BUNDLE/manifest-K.txt) through
# scripts/gpu-check.sh, PARTS_AT_ONCE parts at a time (default 2: one part's nvcc builds
# overlap another's runs), CASE_JOBS cases at a time within a part (default 16). No part
# starts after SECONDS seconds (default: no limit), so that a run with a time limit still
# ends with the summary of the parts it finished. Every part's log is BUNDLE/part-K.log;
# the failures are printed, then one line with the totals. The host code is built at -O0
# (NVCC_HOST_OPT): g++ on the generated host code is about half of nvcc's time, and what
# is tested is the device code and the values.
#   bash scripts/difftest-gpu.sh BUNDLE [SECONDS]
set -uo pipefail
bundle=${1:?usage: difftest-gpu.sh BUNDLE [SECONDS]}
limit=${2:-0}
here=$(cd "$(dirname "$0")" && pwd)
export CASE_JOBS=${CASE_JOBS:-16} NVCC_HOST_OPT=${NVCC_HOST_OPT:--O0}
at_once=${PARTS_AT_ONCE:-2}
parts=("$bundle"/manifest-*.txt)
started=0 running=0
for manifest in "${parts[@]}"; do
  if [ "$limit" != 0 ] && [ "$SECONDS" -ge "$limit" ]; then break; fi
  if [ "$running" -ge "$at_once" ]; then wait -n; running=$((running - 1)); fi
  log=$bundle/part-$(basename "$manifest" .txt | sed 's/^manifest-//').log
  { echo "difftest-gpu: part started at ${SECONDS}s"
    MANIFEST=$manifest bash "$here/gpu-check.sh" "$bundle"
    echo "difftest-gpu: part ended at ${SECONDS}s"; } > "$log" 2>&1 &
  started=$((started + 1)) running=$((running + 1))
done
wait
passed=0 failed=0
for log in "$bundle"/part-*.log; do
  [ -f "$log" ] || continue
  grep -Ev '^PASS|^gpu-check: [0-9]+ passed' "$log"
  if line=$(grep -m1 -E '^gpu-check: [0-9]+ passed' "$log"); then
    read -r p f <<< "$(sed -E 's/^gpu-check: ([0-9]+) passed, ([0-9]+) failed.*/\1 \2/' <<< "$line")"
    passed=$((passed + p)) failed=$((failed + f))
  else
    echo "difftest-gpu: $log has no summary (the part did not finish)"
  fi
done
echo "difftest-gpu: $started of ${#parts[@]} parts run in ${SECONDS}s: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$started" -eq "${#parts[@]}" ]
