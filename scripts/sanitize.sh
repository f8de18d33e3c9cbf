#!/usr/bin/env bash
# Builds Fjord with AddressSanitizer and UndefinedBehaviorSanitizer in build-sanitize/ and
# runs the unit tests and the interpreter's program tests there; any finding fails the run
# (halt_on_error). Not part of CI: a second full build does not fit the 2-core CI machine.
# Run it before submitting a change to the compiler (docs/testing.md).
#   JOBS=1 nice -n 15 bash scripts/sanitize.sh     (on a shared machine)
# The build is made cheap: -O0 (instrumented code at -O1 costs twice the compile time: 5.4
# against 2.3 CPU seconds for src/sema/Builtins.cpp) with line tables only (-g1, enough
# for the reports' file:line), only the two targets the run needs, through ccache (the
# top-level CMakeLists.txt uses it when found), so a second run rebuilds what changed.
# _GLIBCXX_ASSERTIONS adds the standard library's own checks (vector[] out of range,
# front() of an empty container, ...), which the sanitizers miss inside a container's
# capacity.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${SANITIZE_DIR:-build-sanitize}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -D_GLIBCXX_ASSERTIONS"
link="-fsanitize=address,undefined"
mkdir -p "$dir"
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O0 -g1" "-DCMAKE_CXX_FLAGS=$flags" \
  "-DCMAKE_EXE_LINKER_FLAGS=$link" "-DCMAKE_SHARED_LINKER_FLAGS=$link" > "$dir/configure.log" ||
  { cat "$dir/configure.log"; exit 1; }
cmake --build "$dir" -j "${JOBS:-$(nproc)}" --target fjord fjord_unit_tests
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The OpenCL and CUDA unit tests build generated code with g++/nvcc, which the sanitizers do
# not instrument; they run all the same, so that the compiler's side of them is checked.
# UNIT_ARGS selects unit tests (doctest's options, e.g. -tc='ir:*'); PROGRAMS the program
# tests (default: all of tests/programs).
"$dir/tests/fjord_unit_tests" ${UNIT_ARGS:-}
FJORD_TEST_WORKDIR="$dir/test-work" POCL_CACHE_DIR="$dir/pocl-cache" \
  "$dir/src/driver/fjord" test --backend interp ${PROGRAMS:-tests/programs}
echo "sanitize: no findings"
