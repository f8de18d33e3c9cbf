#!/usr/bin/env bash
# Runs one libFuzzer target (fuzz/) for SECONDS, building it first in build-fuzz/ with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer (docs/testing.md, "Fuzzing"):
#   bash scripts/fuzz.sh check|pipeline|data SECONDS [libFuzzer options or input files]
# The corpus grows in build-fuzz/corpus/TARGET, seeded from tests/programs (the programs, or
# the data files for `data`) and fuzz/seeds/; crashes are written to build-fuzz/crashes/.
# Each run appends its target, time and executions to build-fuzz/fuzz-log.txt.
# JOBS sets the build's parallelism (default: all cores); run it niced on a shared machine.
# To reproduce a crash: bash scripts/fuzz.sh TARGET 0 build-fuzz/crashes/TARGET/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz.sh check|pipeline|data SECONDS [libFuzzer arguments]}
seconds=${2:?usage: fuzz.sh check|pipeline|data SECONDS [libFuzzer arguments]}
shift 2
case $target in
  check | pipeline | data) ;;
  *) echo "fuzz.sh: unknown target '$target' (check, pipeline, data)" >&2; exit 2 ;;
esac
dir=${FUZZ_BUILD_DIR:-build-fuzz}
# The pipeline target links the compiler's later stages from the ordinary g++ build
# (fuzz/CMakeLists.txt says why): build them there first.
gcc_build=${FJORD_BUILD_DIR:-build}
if [ "$target" = pipeline ]; then
  [ -f "$gcc_build/build.ninja" ] ||
    cmake -S . -B "$gcc_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build "$gcc_build" -j "${JOBS:-$(nproc)}" --target fjord_driver
fi
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
if [ ! -f "$dir/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFJORD_FUZZ=ON "-DFJORD_FUZZ_GCC_BUILD=$(cd "$gcc_build" 2>/dev/null && pwd || echo "$PWD/$gcc_build")" \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags"
fi
cmake --build "$dir" -j "${JOBS:-$(nproc)}" --target "fuzz_$target"

# A flat directory of seeds (libFuzzer's corpus directories need no structure, but
# copying keeps the program fuzzers away from data files and vice versa).
seeds=$dir/seeds/$target
rm -rf "$seeds"; mkdir -p "$seeds" "$dir/corpus/$target" "$dir/crashes/$target"
if [ "$target" = data ]; then
  # One byte before each data file: 0 expected types (read with the default types).
  find tests/programs -type f ! -name '*.fut' ! -name '*.gz' ! -name '*.md' -size -64k |
    while read -r f; do
      { printf '\0'; cat "$f"; } > "$seeds/$(echo "$f" | tr / _)"
    done
  find tests/programs -type f -name '*.gz' -size -64k |
    while read -r f; do cp "$f" "$seeds/$(echo "$f" | tr / _)"; done
  # The values of the test blocks' `input { ... }` (text), also with a zero byte in front.
  i=0
  grep -rhoE --include='*.fut' 'input \{[^}]*\}' tests/programs | sed -E 's/^input \{ ?//; s/ ?\}$//' |
    sort -u | while IFS= read -r values; do
      i=$((i + 1)); printf '\0%s' "$values" > "$seeds/input-$i"
    done
  maxlen=4096
else
  find tests/programs samples -name '*.fut' -size -16k |
    while read -r f; do cp "$f" "$seeds/$(echo "$f" | tr / _)"; done
  maxlen=16384
fi
[ -d "fuzz/seeds/$target" ] && cp fuzz/seeds/"$target"/* "$seeds"/
dict=()
[ -f "fuzz/$target.dict" ] && dict=("-dict=fuzz/$target.dict")
[ "$target" = pipeline ] && dict=("-dict=fuzz/check.dict")

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
"$dir/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
  -max_len=$maxlen -print_final_stats=1 "${dict[@]}" \
  -artifact_prefix="$dir/crashes/$target/" "$@" "$dir/corpus/$target" "$seeds" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
echo "$(date -u +%FT%TZ) $target ${seconds}s execs=${execs:-?} exit=$status" >> "$dir/fuzz-log.txt"
exit "$status"
