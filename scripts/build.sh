#!/usr/bin/env bash
# Configures and builds Fjord into build/ (Ninja, ccache when present).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$(nproc)"
