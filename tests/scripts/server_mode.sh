#!/usr/bin/env bash
# The server mode of generated executables (`--server`, runtime/fjord_runtime_server.h): one
# process runs a session of several calls on the OpenCL executable of
# tests/programs/opaque/server.fut, which the CTest programs/opaque/opencl builds in the
# test work directory (this test reuses that build). Checks every reply: values restored
# and called, opaque records and sums passed between entry points, a consumed argument, a
# failing bounds check, and bad commands, each an error reply, never a crash.
#   server_mode.sh TEST_WORK_DIR PROGRAM
set -euo pipefail
work=$(cd "${1:?usage: server_mode.sh TEST_WORK_DIR PROGRAM}" && pwd)
program=${2:?usage: server_mode.sh TEST_WORK_DIR PROGRAM}
# The test runner's work directory of PROGRAM (TestRunner.cpp's mangle).
dir=$work/$(python3 -c 'import os, re, sys; print(re.sub(r"[^A-Za-z0-9.-]", "_", os.path.abspath(sys.argv[1])))' "$program")/opencl
exe=$dir/server
if [ ! -x "$exe" ]; then
  echo "server_mode: $exe is not built (programs/opaque/opencl did not run); skipped"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
printf '[1, 2, 3] 4 3f32 4f32 2i64 7i64 [[1, 2], [3, 4]]\n' > in.txt
session='entry_points
inputs scaled_sum
outputs scaled_sum
inputs set_first
kind point
kind shape
kind [][]i32
rank [][]i32
elemtype [][]i32
restore in.txt xs []i32 k i32 x f32 y f32 i i64 j i64 m [][]i32
call scaled_sum ys s xs k
type ys
shape ys
call scaled_sum ys2 s2 ys k
store sums.bin ys2 s2
call make_point p x y
type p
call norm n p
call at a ys i
call at b ys j
call at c ys i
call shape_of sh x
call area r sh
call set_first m2 m
call set_first m3 m
free m
store values.bin n a c r m2
call scaled_sum ys k
call bogus o
frobnicate now
new v point x y
store o.bin sh
"unclosed quote
restore in.txt x f32
restore missing.txt q i32
free nothing
rename m2 m
shape m
clear
pause_profiling
unpause_profiling'
# `runtime: N` varies: only its presence is checked.
"$exe" --server <<< "$session" > replies.txt 2> stderr.txt ||
  { echo "server_mode: the server exited with status $?"; cat stderr.txt; exit 1; }
sed -E 's/^runtime: [0-9]+$/runtime: N/' replies.txt > got.txt
cat > expected.txt <<'END'
%%% OK
make_point
norm
scaled_sum
at
set_first
shape_of
area
%%% OK
[]i32
i32
%%% OK
[]i32
i32
%%% OK
*[][]i32
%%% OK
record
%%% OK
sum
%%% OK
array
%%% OK
2
%%% OK
i32
%%% OK
%%% OK
runtime: N
%%% OK
[]i32
%%% OK
3
%%% OK
runtime: N
%%% OK
%%% OK
runtime: N
%%% OK
point
%%% OK
runtime: N
%%% OK
runtime: N
%%% OK
%%% FAILURE
index out of bounds at server.fut:33:39
%%% OK
runtime: N
%%% OK
runtime: N
%%% OK
runtime: N
%%% OK
runtime: N
%%% OK
%%% FAILURE
variable m was consumed by an entry point; it can only be freed
%%% OK
%%% OK
%%% OK
%%% FAILURE
entry point scaled_sum takes 2 output and 2 input variables, not 2 variables
%%% OK
%%% FAILURE
unknown entry point: bogus
%%% OK
%%% FAILURE
unknown command: frobnicate
%%% OK
%%% FAILURE
the server command new is not supported yet
%%% OK
%%% FAILURE
variable sh is opaque (shape): storing opaque values is not supported yet
%%% OK
%%% FAILURE
a quoted word is not closed
%%% OK
%%% FAILURE
variable already exists: x
%%% OK
%%% FAILURE
cannot open missing.txt
%%% OK
%%% FAILURE
unknown variable: nothing
%%% OK
%%% OK
2
2
%%% OK
%%% OK
%%% OK
%%% OK
END
if ! diff -u expected.txt got.txt; then
  echo "server_mode: the replies differ from the expected ones (above)"
  exit 1
fi
# The stored values, decoded from the binary data format: the second scaled_sum of
# [4, 8, 12] by 4, then norm (5), at 2 (12), at 2 again (12), the area of #circle 3 (27) and set_first.
python3 - <<'PY'
import struct
def values(path):
    data, at, out = open(path, "rb").read(), 0, []
    while at < len(data):
        assert data[at:at + 2] == b"b\x02", data[at:at + 2]
        rank, tag = data[at + 2], data[at + 3:at + 7].decode().strip()
        dims = struct.unpack_from("<%dq" % rank, data, at + 7)
        at += 7 + 8 * rank
        count = 1
        for d in dims:
            count *= d
        code = {"i32": "i", "f32": "f", "i64": "q"}[tag]
        out.append((list(dims), list(struct.unpack_from("<%d%s" % (count, code), data, at))))
        at += count * struct.calcsize(code)
    return out
got = values("sums.bin") + values("values.bin")
expected = [([3], [16, 32, 48]), ([], [96]), ([], [5.0]), ([], [12]), ([], [12]), ([], [27.0]),
            ([2, 2], [9, 2, 3, 4])]
assert got == expected, f"stored values {got}, expected {expected}"
PY
echo "server_mode: ok"
