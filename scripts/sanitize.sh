#!/usr/bin/env bash
# Builds Fjord with AddressSanitizer and UndefinedBehaviorSanitizer in build-sanitize/ and
# runs the unit tests and the interpreter's program tests there; any finding fails the run
# (halt_on_error). Not part of CI: a second full build does not fit the 2-core CI machine.
# Run it before submitting a change to the compiler (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build-sanitize
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS=$flags" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" \
  "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined"
# JOBS=1 on a shared machine (the build is as large as the normal one).
cmake --build "$dir" -j "${JOBS:-$(nproc)}" --target fjord fjord_unit_tests
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The OpenCL and CUDA unit tests build generated code with g++/nvcc, which the sanitizers do
# not instrument; they run all the same, so that the compiler's side of them is checked.
"$dir/tests/fjord_unit_tests"
FJORD_TEST_WORKDIR="$dir/test-work" "$dir/src/driver/fjord" test --backend interp tests/programs
echo "sanitize: no findings"
