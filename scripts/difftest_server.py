#!/usr/bin/env python3
"""Runs the cases of exported programs through the executables' server mode (`--server`,
runtime/fjord_runtime_server.h): one process per executable runs all of its cases, so a
bundle of thousands of programs costs one context (one CUDA initialisation) per file, not
per case. For scripts/difftest-gpu.sh on a GPU machine (docs/testing.md, "Differential
testing"); needs no Fjord.

    difftest_server.py BUNDLE MANIFEST EXE

Runs every case of executable EXE (relative to BUNDLE) listed in MANIFEST (lines `EXE ENTRY
BASE SOURCE` of `fjord test --export`): `restore` of BASE.in.gz's values as the entry's
inputs, `call`, `store` of the results, which are compared with BASE.expected.gz
(scripts/compare_values.py's tolerance). Prints `PASS SOURCE (ENTRY)` or `FAIL SOURCE (ENTRY):
why` per case. A call that fails is that case's failure; a server that dies or answers
nothing for CALL_TIMEOUT seconds (default 120) fails the case it was running and is
started again for the rest. Exit status 0 when every case passed."""
import gzip
import os
import select
import struct
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_values import difference  # noqa: E402

# Binary data format element tags -> (struct code, text suffix)
ELEMS = {"bool": ("?", "bool"), "i8": ("b", "i8"), "i16": ("h", "i16"), "i32": ("i", "i32"),
         "i64": ("q", "i64"), "u8": ("B", "u8"), "u16": ("H", "u16"), "u32": ("I", "u32"),
         "u64": ("Q", "u64"), "f16": ("e", "f16"), "f32": ("f", "f32"), "f64": ("d", "f64")}


def scalar_text(v, suffix):
    """A scalar as the executables print it (runtime/fjord_runtime_data.h, writeText)."""
    if suffix == "bool":
        return "true" if v else "false"
    if suffix.startswith("f"):
        if v != v:
            return suffix + ".nan"
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + suffix + ".inf"
        return repr(float(v)) + suffix
    return f"{v}{suffix}"


def nested_text(flat, dims, suffix):
    if not dims:
        return scalar_text(flat[0], suffix)
    step = len(flat) // dims[0] if dims[0] else 0
    return "[" + ", ".join(nested_text(flat[i * step:(i + 1) * step], dims[1:], suffix)
                           for i in range(dims[0])) + "]"


def binary_to_text(data):
    """The values of a binary data-format file in the text format, one per line."""
    at, lines = 0, []
    while at < len(data):
        if data[at:at + 2] != b"b\x02":
            raise ValueError(f"not a binary value at byte {at}")
        rank, tag = data[at + 2], data[at + 3:at + 7].decode().strip()
        code, suffix = ELEMS[tag]
        dims = list(struct.unpack_from(f"<{rank}q", data, at + 7))
        at += 7 + 8 * rank
        count = 1
        for d in dims:
            count *= d
        flat = struct.unpack_from(f"<{count}{code}", data, at)
        at += count * struct.calcsize(code)
        if rank and count == 0:
            lines.append("empty(" + "".join(f"[{d}]" for d in dims) + suffix + ")")
        else:
            lines.append(nested_text(flat, dims, suffix))
    return "\n".join(lines) + "\n"


class ServerDied(Exception):
    pass


class Server:
    """One `EXE --server` process; `command` returns (ok, reply lines)."""

    def __init__(self, exe, params, timeout):
        self.timeout = timeout
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([exe, *params, "--server"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr)
        self.buffer = b""
        self.reply()

    def line(self):
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16) if ready else b""
            if not chunk:
                self.stop()
                why = "no reply within %ds" % self.timeout if not ready else \
                    "the server exited with status %s" % self.proc.returncode
                self.stderr.seek(0)
                tail = self.stderr.read().decode(errors="replace").strip().splitlines()[-5:]
                raise ServerDied(why + "".join("\n    " + t for t in tail))
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\n", 1)
        return text.decode(errors="replace")

    def reply(self):
        lines, failed = [], False
        while True:
            text = self.line()
            if text == "%%% OK":
                return not failed, lines
            if text == "%%% FAILURE":
                failed, lines = True, []
            else:
                lines.append(text)

    def command(self, *words):
        line = " ".join('"%s"' % w if " " in w else w for w in words) + "\n"
        try:
            self.proc.stdin.write(line.encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # the reply (none) says so
        return self.reply()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def run_case(server, entry, base, bundle, work, types):
    """None if case BASE passes, else why not."""
    if entry not in types:
        ok, ins = server.command("inputs", entry)
        ok2, outs = server.command("outputs", entry)
        if not (ok and ok2):
            return "; ".join(ins + outs)
        types[entry] = ([t.lstrip("*") for t in ins], len(outs))
    ins, n_outs = types[entry]
    inputs = os.path.join(work, "input")
    with gzip.open(os.path.join(bundle, base + ".in.gz"), "rb") as f, open(inputs, "wb") as out:
        out.write(f.read())
    in_vars = [f"in{i}" for i in range(len(ins))]
    out_vars = [f"out{i}" for i in range(n_outs)]
    restore = [inputs] + [w for v, t in zip(in_vars, ins) for w in (v, t)]
    ok, lines = server.command("restore", *restore)
    if not ok:
        return "restore: " + " ".join(lines)
    ok, lines = server.command("call", entry, *out_vars, *in_vars)
    server.command("free", *in_vars)
    if not ok:
        return " ".join(lines)
    results = os.path.join(work, "results")
    ok, lines = server.command("store", results, *out_vars)
    server.command("free", *out_vars)
    if not ok:
        return "store: " + " ".join(lines)
    with open(results, "rb") as f:
        actual = binary_to_text(f.read())
    with gzip.open(os.path.join(bundle, base + ".expected.gz"), "rt") as f:
        return difference(f.read(), actual)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    bundle, manifest, exe = sys.argv[1:]
    timeout = int(os.environ.get("CALL_TIMEOUT", "120"))
    cases = [line.split(maxsplit=3) for line in open(manifest).read().splitlines()
             if line.split()[:1] == [exe]]
    params_file = os.path.join(bundle, exe + ".params")
    params = open(params_file).read().split() if os.path.exists(params_file) else []
    failed, server, types = 0, None, {}
    start = time.time()
    with tempfile.TemporaryDirectory() as work:
        for _, entry, base, source in cases:
            try:
                if server is None:
                    server, types = Server(os.path.join(bundle, exe), params, timeout), {}
                why = run_case(server, entry, base, bundle, work, types)
            except ServerDied as e:
                why, server = str(e), None
            except (OSError, ValueError, KeyError, struct.error) as e:
                why = f"{type(e).__name__}: {e}"
            if why is None:
                print(f"PASS {source} ({entry})")
            else:
                failed += 1
                print(f"FAIL {source} ({entry}): {why}")
        if server is not None:
            server.proc.stdin.close()
            server.proc.wait()
    print(f"difftest-server: {exe}: {len(cases) - failed} passed, {failed} failed "
          f"in {time.time() - start:.1f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
