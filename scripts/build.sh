#!/usr/bin/env bash
# Configures and builds Fjord into build/ (Ninja, ccache when present).
set -euo pipefail
cd "$(dirname "$0")/.."
# Optimised without debug information: -g makes each compile about a quarter slower, and on
# the 2-core CI machine the build is half of the test command's time. For debugging,
# configure a separate directory with -DCMAKE_BUILD_TYPE=RelWithDebInfo or Debug.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG"
cmake --build build -j "$(nproc)"
