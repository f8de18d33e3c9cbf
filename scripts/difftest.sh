#!/usr/bin/env bash
# Differential testing (docs/testing.md): N random programs (scripts/difftest_gen.py) run on
# the interpreter and on OpenCL (PoCL) and compared; mismatches and internal errors are
# minimised into tests/difftest/found/ (not run by CI).
#   bash scripts/difftest.sh N [SEED]      (SEED: default 1; a run is reproducible)
# FJORD (default build/src/driver/fjord), JOBS (default all cores), PER_FILE (programs per
# generated file, default 10) and DIFFTEST_ARGS (more options of difftest.py) adjust it.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:?usage: difftest.sh N [SEED]}
seed=${2:-1}
exec python3 scripts/difftest.py --fjord "${FJORD:-build/src/driver/fjord}" --count "$count" \
  --seed "$seed" --jobs "${JOBS:-$(nproc)}" --per-file "${PER_FILE:-10}" \
  --workdir "${DIFFTEST_WORKDIR:-build/difftest}" --found tests/difftest/found ${DIFFTEST_ARGS:-}
