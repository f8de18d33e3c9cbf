#!/usr/bin/env bash
# Runs Fjord's benchmark suite (benchmarks/*.fut) on a machine with an NVIDIA GPU: `fjord
# bench --backend cuda` over every program, results in futhark bench's JSON layout at
# benchmarks/results/<gpu>-<date>.json (also copied to $OUT when set), then a table of the
# medians. Run it from a configured build (nvcc found at configure time):
#
#   bash benchmarks/run.sh                 # the whole suite, 30 timed runs per dataset
#   BENCH_RUNS=10 bash benchmarks/run.sh benchmarks/map.fut benchmarks/sum.fut
#
# Knobs: FJORD (the fjord binary, default build/src/driver/fjord), BENCH_RUNS (default 30:
# ratios use the median of at least 30 runs), BENCH_CACHE (generated code, executables and
# the random datasets, which are large: default build/bench-cache).
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

status=0
"$fjord" bench --backend cuda -r "$runs" --cache-dir "$cache" --json "$results" "$@" || status=$?
if [ -n "${OUT:-}" ]; then cp "$results" "$OUT/"; fi

# The medians, one line per dataset (failed datasets show their error).
python3 - "$results" <<'PY'
import json, statistics, sys
with open(sys.argv[1]) as f:
    results = json.load(f)
print(f"{'program:entry':40} {'dataset':32} {'median us':>12} {'min us':>10}")
for program, entry in results.items():
    for name, data in entry["datasets"].items():
        if isinstance(data, str):
            print(f"{program:40} {name:32} FAILED: {data.splitlines()[0] if data else ''}")
            continue
        runs = data["runtimes"]
        print(f"{program:40} {name:32} {statistics.median(runs):12.0f} {min(runs):10.0f}")
PY
echo "results: $results"
exit $status
