#!/usr/bin/env bash
# Checks scripts/gpu-check.sh's logic without a GPU: a fake bundle of two "programs" (shell
# scripts standing in for nvcc's executables, one of them with `__shared__` in its .cu) and
# a fake compute-sanitizer that runs the program and reports a finding when told to. Asserts
# which tools ran on which case and the summary and exit status of a clean and a dirty run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
b=$work/bundle
mkdir -p "$b/plain" "$b/shared" "$work/bin"

# Program `plain`: prints its input back. Program `shared`: prints 7.
echo '__global__ void k() {}' > "$b/plain/plain.cu"
printf '#!/bin/sh\ncat\n' > "$b/plain/plain"
echo '__global__ void k() { __shared__ int s[4]; }' > "$b/shared/shared.cu"
printf '#!/bin/sh\necho 7i32\n' > "$b/shared/shared"
chmod +x "$b/plain/plain" "$b/shared/shared"
touch -d '+1 minute' "$b/plain/plain" "$b/shared/shared" # newer than the .cu: not rebuilt
for c in plain_1 plain_2; do echo 3i32 | gzip > "$b/$c.in.gz"; echo 3i32 | gzip > "$b/$c.expected.gz"; done
echo '' | gzip > "$b/shared_1.in.gz"; echo 7i32 | gzip > "$b/shared_1.expected.gz"
echo '' | gzip > "$b/shared_2.in.gz"; echo 8i32 | gzip > "$b/shared_2.expected.gz"
echo 3i32 | gzip > "$b/plain_big.in.gz"; echo 3i32 | gzip > "$b/plain_big.expected.gz"
cat > "$b/manifest.txt" <<'EOM'
plain/plain main plain_1 tests/plain.fut:3
plain/plain main plain_2 tests/plain.fut:4
shared/shared main shared_1 tests/shared.fut:3
shared/shared main shared_2 tests/shared.fut:4
plain/plain big plain_big tests/plain.fut:5 gpu-only
EOM

# The fake tool: logs "TOOL CASE-INPUT" to calls.txt, runs the program, and exits with
# --error-exitcode when FAKE_FINDING names the tool.
cat > "$work/bin/compute-sanitizer" <<'EOS'
#!/usr/bin/env bash
tool=memcheck code=0 log=/dev/null
while [ $# -gt 0 ]; do
  case $1 in
    --tool) tool=$2; shift 2 ;;
    --error-exitcode) code=$2; shift 2 ;;
    --log-file) log=$2; shift 2 ;;
    --print-limit) shift 2 ;;
    *) break ;;
  esac
done
echo "$tool $(basename "$1")" >> "$CALLS"
"$@"; status=$?
if [ "${FAKE_FINDING:-}" = "$tool" ]; then
  echo "========= Invalid __global__ read of size 4 (fake)" > "$log"; exit "$code"
fi
echo "========= ERROR SUMMARY: 0 errors" > "$log"
exit $status
EOS
chmod +x "$work/bin/compute-sanitizer"
export PATH="$work/bin:$PATH" CALLS="$work/calls.txt" NVCC=/bin/false

fail() { echo "gpu_check_fake: $*" >&2; exit 1; }

# Clean run: shared_2 expects 8 but gets 7, so exactly one failure, no findings.
# The gpu-only case is skipped, and reported so.
out=$(bash "$repo/scripts/gpu-check.sh" "$b" --sanitize) && fail "a wrong value passed"
echo "$out" | grep -q 'gpu-check: 3 passed, 1 failed, 1 skipped (GPU-only cases, too large to sanitize); compute-sanitizer: memcheck on every case run, racecheck and synccheck on 1 programs with shared memory, 0 findings' ||
  fail "unexpected summary: $out"
echo "$out" | grep -q 'SKIP tests/plain.fut:5 (big): GPU-only (large) case, not sanitized' ||
  fail "skipped case not reported: $out"
expected_calls='memcheck plain
memcheck plain
memcheck shared
memcheck shared
racecheck shared
synccheck shared'
# memcheck runs cases concurrently: compare the runs in sorted order
[ "$(sort "$CALLS")" = "$expected_calls" ] || fail "unexpected tool runs: $(cat "$CALLS")"

# A racecheck finding fails the run and is counted and shown.
rm -f "$CALLS"
out=$(FAKE_FINDING=racecheck bash "$repo/scripts/gpu-check.sh" "$b" --sanitize) && fail "a finding passed"
echo "$out" | grep -q 'SANITIZER racecheck tests/shared.fut:3 (main)' || fail "finding not shown: $out"
echo "$out" | grep -q 'Invalid __global__ read of size 4 (fake)' || fail "report not shown: $out"
echo "$out" | grep -q '3 passed, 2 failed, 1 skipped.* 1 findings' || fail "finding not counted: $out"

# A memcheck finding fails that case (every case is run under memcheck).
rm -f "$CALLS"
out=$(FAKE_FINDING=memcheck bash "$repo/scripts/gpu-check.sh" "$b" --sanitize) && fail "a finding passed"
echo "$out" | grep -q '0 passed, 4 failed, 1 skipped.* 4 findings' || fail "memcheck findings not counted: $out"

# Without --sanitize, no tool runs, and the gpu-only case runs too.
rm -f "$CALLS"
out=$(bash "$repo/scripts/gpu-check.sh" "$b") && fail "a wrong value passed"
echo "$out" | grep -q '^gpu-check: 4 passed, 1 failed$' || fail "unexpected summary: $out"
[ ! -e "$CALLS" ] || fail "a sanitizer ran without --sanitize"
echo "gpu_check_fake: ok"
