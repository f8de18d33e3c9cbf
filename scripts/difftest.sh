#!/usr/bin/env bash
# Differential testing (docs/testing.md): N random programs (scripts/difftest_gen.py) run on
# the interpreter and on OpenCL (PoCL) and compared; mismatches and internal errors are
# minimised into tests/difftest/found/ (not run by CI).
#   bash scripts/difftest.sh N [SEED]      (SEED: default 1; a run is reproducible)
# FJORD (default build/src/driver/fjord), JOBS (default all cores), PER_FILE (programs per
# generated file, default 10) and DIFFTEST_ARGS (more options of difftest.py) adjust it.
#   bash scripts/difftest.sh --export-cuda DIR N [SEED]
# writes the same programs instead as a CUDA bundle in DIR, with the interpreter's results
# as expected values (scripts/difftest_export.py; PER_FILE default 100), for
# `bash scripts/difftest-gpu.sh DIR` on a GPU machine.
set -euo pipefail
cd "$(dirname "$0")/.."
fjord=${FJORD:-build/src/driver/fjord}
if [ "${1:-}" = --export-cuda ]; then
  dir=${2:?usage: difftest.sh --export-cuda DIR N [SEED]}
  count=${3:?usage: difftest.sh --export-cuda DIR N [SEED]}
  exec python3 scripts/difftest_export.py --fjord "$fjord" --out "$dir" --count "$count" \
    --seed "${4:-1}" --jobs "${JOBS:-$(nproc)}" --per-file "${PER_FILE:-100}" \
    --workdir "${DIFFTEST_WORKDIR:-build/difftest}" ${DIFFTEST_ARGS:-}
fi
count=${1:?usage: difftest.sh N [SEED]}
seed=${2:-1}
exec python3 scripts/difftest.py --fjord "$fjord" --count "$count" \
  --seed "$seed" --jobs "${JOBS:-$(nproc)}" --per-file "${PER_FILE:-10}" \
  --workdir "${DIFFTEST_WORKDIR:-build/difftest}" --found tests/difftest/found ${DIFFTEST_ARGS:-}
