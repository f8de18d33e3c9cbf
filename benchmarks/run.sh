#!/usr/bin/env bash
# Runs Fjord's benchmark suite (benchmarks/*.fut) on a machine with an NVIDIA GPU: `fjord
# bench --backend cuda` over every program (results in futhark bench's JSON layout at
# benchmarks/results/<gpu>-<date>.json, also copied to $OUT when set), then the references
# of benchmarks/reference/ (CUB, cuBLAS, hand-written CUDA; <gpu>-<date>-reference.json),
# then the comparison table of benchmarks/compare.py and, where matplotlib is installed,
# its plot (<gpu>-<date>.png). Run it from a configured build (nvcc found at configure time):
#
#   bash benchmarks/run.sh                 # the whole suite, 30 timed runs per dataset
#   BENCH_RUNS=10 bash benchmarks/run.sh benchmarks/map.fut benchmarks/sum.fut
#
# Knobs: FJORD (the fjord binary, default build/src/driver/fjord), BENCH_RUNS (default 30:
# ratios use the median of at least 30 runs), BENCH_CACHE (generated code, executables and
# the random datasets, which are large: default build/bench-cache), NVCC (default
# /usr/local/cuda/bin/nvcc), BENCH_NO_REFERENCE=1 (Fjord only).
set -euo pipefail
cd "$(dirname "$0")/.."
fjord=${FJORD:-build/src/driver/fjord}
runs=${BENCH_RUNS:-30}
cache=${BENCH_CACHE:-build/bench-cache}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr '[:upper:]' '[:lower:]' |
      sed -e 's/nvidia //' -e 's/[^a-z0-9]\+/-/g' -e 's/-$//')
results=benchmarks/results/${gpu}-$(date +%F).json
mkdir -p benchmarks/results
if [ $# -eq 0 ]; then set -- benchmarks; fi
mkdir -p "$cache"

status=0
"$fjord" bench --backend cuda -r "$runs" --cache-dir "$cache" --json "$results" "$@" || status=$?
if [ -n "${OUT:-}" ]; then cp "$results" "$OUT/"; fi

if [ -z "${BENCH_NO_REFERENCE:-}" ]; then
  reference=${results%.json}-reference.json
  nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
  arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
  "$nvcc" -O3 -std=c++17 -arch="sm_${arch:-90}" benchmarks/reference/reference.cu -lcublas \
    -o "$cache/reference"
  "$cache/reference" "$reference" "$runs" || status=$?
  plot=()
  if python3 -c 'import matplotlib' 2>/dev/null; then plot=(--plot "${results%.json}.png"); fi
  python3 benchmarks/compare.py "$results" "$reference" "${plot[@]}" || status=$?
  if [ -n "${OUT:-}" ]; then cp "$reference" "${results%.json}".png "$OUT/" 2>/dev/null || true; fi
fi
echo "results: $results"
exit $status
