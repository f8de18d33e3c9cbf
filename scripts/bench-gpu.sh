#!/usr/bin/env bash
# Runs Fjord's benchmarks on a GPU machine that has nvcc, CUB and cuBLAS but not Fjord, from
# an export made where Fjord is built (docs/benchmarking.md, "On a GPU machine without Fjord"):
#
#   here:  build/src/driver/fjord bench --backend cuda --flush-l2 --export bench-export benchmarks
#   there: bash scripts/bench-gpu.sh bench-export
#
# 1. builds every exported program with `nvcc -std=c++17 -O3 -arch=sm_XX` (the GPU's compute
#    capability) and, meanwhile, benchmarks/reference/reference.cu (CUB, cuBLAS);
# 2. times every dataset (scripts/bench_gpu.py: one warm-up run, then BENCH_RUNS timed runs
#    of the executable's `-r N -t FILE`, results checked where expected values were
#    exported; large random inputs drawn here with numpy) into <gpu>-<date>.json, in
#    futhark bench's JSON layout;
# 3. runs the references (<gpu>-<date>-reference.json) and, with BENCH_PEERS=DIR, the peer
#    harness of ../shared/bench copied to DIR (results in peers/);
# 4. writes benchmarks/compare.py's table (<gpu>-<date>.md) and prints it; with matplotlib,
#    also its plot (<gpu>-<date>.png).
# Everything, with the log <gpu>-<date>-log.txt, goes to $BENCH_RESULTS, else $OUT (the
# device tool's return folder), else benchmarks/results.
#
# Knobs: BENCH_RUNS (timed runs, default 30), BENCH_BUDGET (seconds for one dataset's runs,
# default 60: a slower dataset keeps the runs made by then), BENCH_RUNS_FOR (space-separated
# PROGRAM=RUNS, e.g. "overhead=1000"), BENCH_ONLY (space-separated pieces of program paths
# to keep), BENCH_PEERS (the peer harness's folder; PEERS_ONLY etc. pass through), NVCC,
# BENCH_DATA (scratch folder for the drawn inputs, default /tmp/fjord-bench-data).
set -uo pipefail
bundle=$(cd "${1:?usage: bench-gpu.sh EXPORT_DIR}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=${BENCH_RUNS:-30}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d .)
arch=sm_${cap:-90}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
gpu=$(grep -oiE 'h100|h200|a100|b200|l40s' <<< "$name" | head -1 | tr '[:upper:]' '[:lower:]')
gpu=${gpu:-$(tr '[:upper:]' '[:lower:]' <<< "${name:-gpu}" | sed -e 's/nvidia //' -e 's/[^a-z0-9]\+/-/g')}
tag=$gpu-$(date -u +%F)
dest=${BENCH_RESULTS:-${OUT:-$root/benchmarks/results}}
work=${BENCH_DATA:-/tmp/fjord-bench-data}
mkdir -p "$dest" "$work"

main() {
  echo "== $name ($arch), $("$nvcc" --version | tail -2 | head -1), $(date -u +%FT%TZ)"
  "$nvcc" -O3 -std=c++17 -arch="$arch" "$root/benchmarks/reference/reference.cu" -lcublas \
    -o "$work/reference" > "$work/reference-build.log" 2>&1 &
  local reference_build=$!
  python3 "$here/bench_gpu.py" build "$bundle" --nvcc "$nvcc" --arch "$arch"
  wait "$reference_build" || { echo "reference build failed:"; tail -30 "$work/reference-build.log"; }

  echo "== Fjord ($runs timed runs per dataset)"
  local options=(--runs "$runs" --budget "${BENCH_BUDGET:-60}" --data "$work")
  local p
  for p in ${BENCH_ONLY:-}; do options+=(--only "$p"); done
  for p in ${BENCH_RUNS_FOR:-}; do options+=(--runs-for "$p"); done
  python3 "$here/bench_gpu.py" run "$bundle" --json "$dest/$tag.json" "${options[@]}"

  local compare=("$dest/$tag.json" "$dest/$tag-reference.json")
  echo "== references"
  if [ -x "$work/reference" ]; then "$work/reference" "$dest/$tag-reference.json" "$runs"; fi
  [ -f "$dest/$tag-reference.json" ] || echo '{}' > "$dest/$tag-reference.json"
  if [ -n "${BENCH_PEERS:-}" ]; then
    echo "== peers ($BENCH_PEERS)"
    OUT="$dest/peers" PEERS_TAG="$tag" bash "$BENCH_PEERS/run.sh" > /dev/null
    [ -f "$dest/peers/$tag.json" ] && compare+=(--peers "$dest/peers/$tag.json")
  fi
  echo "== comparison"
  if python3 -c 'import matplotlib' 2>/dev/null; then compare+=(--plot "$dest/$tag.png"); fi
  python3 "$root/benchmarks/compare.py" "${compare[@]}" --markdown "$dest/$tag.md" \
    --title "Fjord on $name, $(date -u +%F)"
}

main 2>&1 | tee "$dest/$tag-log.txt"
