#!/usr/bin/env bash
# Compiles a sample to CUDA and OpenCL, builds the OpenCL output with g++ and runs each
# entry point listed in the sample's .inputs file (`entry values...` per line) on PoCL.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-samples/demo.fut}
name=$(basename "$src" .fut)
out=build/sample-out/$name
fjord=build/src/driver/fjord
rm -rf "$out" && mkdir -p "$out/cuda" "$out/opencl"
"$fjord" cuda "$src" -o "$out/cuda" --executable
"$fjord" opencl "$src" -o "$out/opencl" --executable
echo "== generated files"
ls "$out/cuda" "$out/opencl"
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  "$nvcc" -std=c++17 -O2 -arch=sm_90 "$out/cuda/$name.cu" "$out/cuda/${name}_main.cpp" -o "$out/cuda/$name"
  echo "== CUDA build: ok ($out/cuda/$name)"
else
  echo "== CUDA build: skipped (nvcc not found)"
fi
g++ -std=c++17 -O2 "$out/opencl/${name}_host.cpp" "$out/opencl/${name}_main.cpp" -o "$out/opencl/$name" -lOpenCL
echo "== running the OpenCL build on PoCL"
while read -r entry values; do
  [ -n "$entry" ] || continue
  echo "-- $entry $values"
  echo "$values" | "$out/opencl/$name" -e "$entry"
done < "samples/$name.inputs"
