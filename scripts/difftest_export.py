#!/usr/bin/env python3
# Differential testing on a GPU machine (docs/testing.md, "Differential testing"): writes N
# random programs (scripts/difftest_gen.py) as a CUDA bundle of `fjord test --export`, whose
# expected outputs are the interpreter's results, for scripts/difftest-gpu.sh (or
# scripts/gpu-check.sh) to build with nvcc, run and compare there.
#
#   difftest_export.py --fjord build/src/driver/fjord --count N --seed S --out DIR
#
# Program i is generated from the seed "S-i", as in scripts/difftest.py, so a finding there
# is reproduced here by its number. PER_FILE programs (default 100) share a file: nvcc costs
# about 5 CPU seconds a file plus 0.25 a program, so files of 100 make 10,000 programs 100
# nvcc runs, and scripts/difftest-gpu.sh runs each file's cases in one server process. A
# file the compiler rejects loses every program its located errors point into (counted as
# `unsupported`, `rejected` or `internal`) and is exported again without them; a failure without a location (an internal error) splits the file in halves until the
# program is alone. The manifest is
# also cut into parts of about --part programs (DIR/manifest-K.txt), which
# scripts/gpu-check.sh can run one at a time (MANIFEST=).
import argparse
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difftest import entry_text, file_logs, write  # noqa: E402


def export(args, paths):
    """Runs one `fjord test --export` over `paths`; (its log, the manifest lines written)."""
    env = dict(os.environ)
    env.setdefault("FJORD_TEST_WORKDIR", os.path.join(args.workdir, "test-work"))
    cmd = [args.fjord, "test", "--backend", "cuda", "--export", args.out, "-j", str(args.jobs)]
    log = os.path.join(args.workdir, "fjord-export.log")
    with open(log, "w") as out:
        subprocess.run(cmd + paths, env=env, stdout=out, stderr=subprocess.STDOUT)
    manifest = os.path.join(args.out, "manifest.txt")
    lines = open(manifest).read().splitlines() if os.path.exists(manifest) else []
    return open(log).read(), lines


def category_of(message):
    if "internal compiler error" in message:
        return "internal"
    if "not supported yet" in message:
        return "unsupported"
    return "rejected"


def file_text(programs):
    """The file of `programs` [(i, text)], and the first line of each program in it."""
    text, starts, line = "", [], 1
    for i, body in programs:
        starts.append((line, i))
        text += body + "\n"
        line += body.count("\n") + 1
    return text, starts


def program_at(starts, line):
    owner = None
    for start, i in starts:
        if start <= line:
            owner = i
    return owner


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fjord", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--per-file", type=int, default=100)
    ap.add_argument("--part", type=int, default=1000, help="programs per manifest part")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--workdir", default="build/difftest")
    ap.add_argument("--out", required=True, help="the bundle's directory (replaced)")
    args = ap.parse_args()
    args.workdir, args.out = os.path.abspath(args.workdir), os.path.abspath(args.out)
    batch = os.path.join(args.workdir, f"export-{args.seed}")
    for d in (batch, args.out):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)

    # path -> [(i, program text)] of the files to export
    pending = {}
    for start in range(0, args.count, args.per_file):
        ids = range(start, min(start + args.per_file, args.count))
        pending[os.path.join(batch, f"g{start:06d}.fut")] = [
            (i, entry_text(f"{args.seed}-{i}", f"p{i}", args.depth)) for i in ids]
    manifest, dropped = export_all(args, batch, pending)
    return write_bundle(args, manifest, dropped)


def export_all(args, batch, pending):
    """Exports the files `pending` until each has compiled without the programs that made it
    fail; (the manifest's lines, [(i, category, message)] of the programs left out)."""
    manifest, dropped = [], []
    while pending:
        starts = {}
        for path, programs in pending.items():
            text, starts[path] = file_text(programs)
            write(path, text)
        output, lines = export(args, sorted(pending))
        manifest += lines
        logs = file_logs(output)
        if not any(p in logs for p in pending):
            sys.exit("difftest_export: fjord test gave no result:\n" + output[-2000:])
        retry = {}
        for path, programs in pending.items():
            if path not in logs:  # fjord stopped before it: again, as it was
                retry[path] = programs
                continue
            status, log = logs[path]
            if status == "ok":
                continue
            text = "\n".join(log)
            cases = re.findall(r"^  \S+:\d+ \(p(\d+)\): (.*)$", text, re.M)
            if cases and "compilation failed" not in text and "internal compiler error" not in text:
                # Compiled, but a case was not exported (the interpreter failed on it).
                dropped += [(int(i), "interpreter", message) for i, message in cases]
                continue
            # Every program that a located error points into goes in this pass (the front
            # end reports all its errors at once; later stages the first).
            owners = {}
            for line, message in re.findall(re.escape(path) + r":(\d+):\d+: error: (.*)", text):
                owner = program_at(starts[path], int(line))
                if owner is not None:
                    owners.setdefault(owner, message)
            if owners:
                dropped += [(owner, category_of(message if len(owners) > 1 else text), message)
                            for owner, message in owners.items()]
                rest = [(i, t) for i, t in programs if i not in owners]
            elif len(programs) > 1:  # no location: the two halves apart
                half = len(programs) // 2
                stem = path[:-len(".fut")]
                retry[stem + "a.fut"], retry[stem + "b.fut"] = programs[:half], programs[half:]
                continue
            else:
                dropped.append((programs[0][0], "internal", log[-1].strip() if log else ""))
                rest = []
            if rest:
                retry[path] = rest
        pending = retry
    return manifest, dropped


def write_bundle(args, manifest, dropped):
    """The bundle's manifest and its parts, without the directories of files that failed;
    prints what was left out. Exit status 1 if anything but `unsupported` was."""
    used = {line.split()[0].split("/")[0] for line in manifest}
    for d in os.listdir(args.out):
        if os.path.isdir(os.path.join(args.out, d)) and d not in used:
            shutil.rmtree(os.path.join(args.out, d))
    write(os.path.join(args.out, "manifest.txt"), "".join(l + "\n" for l in manifest))
    part, count, k = [], 0, 0
    by_exe = {}
    for line in manifest:
        by_exe.setdefault(line.split()[0], []).append(line)
    for exe in sorted(by_exe):
        part += by_exe[exe]
        if len(part) >= args.part or exe == sorted(by_exe)[-1]:
            write(os.path.join(args.out, f"manifest-{k:03d}.txt"), "".join(l + "\n" for l in part))
            count, part, k = count + len(part), [], k + 1
    summary = {}
    for i, category, message in sorted(dropped):
        summary[category] = summary.get(category, 0) + 1
        if category != "unsupported":
            print(f"{category.upper()}: p{i} (seed {args.seed}-{i}): {message}")
    print(f"difftest export: {args.count} programs, seed {args.seed}: {count} cases in "
          f"{len(by_exe)} files and {k} parts ({args.out})"
          + "".join(f", {v} {c}" for c, v in sorted(summary.items())))
    return 1 if any(c != "unsupported" for _, c, _ in dropped) else 0


if __name__ == "__main__":
    sys.exit(main())
