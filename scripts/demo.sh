#!/usr/bin/env bash
# Installs dependencies, builds Fjord, compiles samples/demo.fut to CUDA and OpenCL, builds
# the OpenCL output with g++ and runs it on PoCL, printing each entry point's result.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
bash scripts/run-sample.sh samples/demo.fut
