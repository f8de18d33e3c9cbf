#!/usr/bin/env python3
# Differential testing: random well-typed programs (scripts/difftest_gen.py) run on the
# interpreter and on OpenCL (PoCL), compared by `fjord test --backend opencl`, whose
# `auto output` is the interpreter's result (docs/testing.md, "Differential testing").
#
#   difftest.py --fjord build/src/driver/fjord --count N [--seed S] [--per-file K]
#
# Program i of a run is generated from the seed "S-i", so a run is reproducible. K programs
# share one file (one entry point each: a file costs a g++ and a PoCL build, a program a few
# hundredths of a second). A file that fails is split into one file per program, and each
# failing program is classified:
#   mismatch      the backends' values differ (a bug)
#   internal      an internal compiler error or a crash (a bug)
#   build         the generated code does not compile (g++ -Werror; a bug)
#   unsupported   "... is not supported yet" (a known limitation, counted, not a failure)
#   rejected      any other compile-time error (the generator's bug or the compiler's)
#   runtime       an error on one side only
# A mismatch, internal error or build failure is minimised (statements deleted, the result narrowed while
# the failure stays the same) and written to --found DIR. Exit status 1 if any program
# was a mismatch, internal error, rejection or run-time error.
import argparse
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import difftest_gen  # noqa: E402


def run_fjord(args, paths, jobs):
    env = dict(os.environ)
    env.setdefault("POCL_CACHE_DIR", os.path.join(args.workdir, "pocl-cache"))
    env.setdefault("FJORD_TEST_WORKDIR", os.path.join(args.workdir, "test-work"))
    cmd = [args.fjord, "test", "--backend", args.backend, "-j", str(jobs)] + paths
    # Through a file, not a pipe: a long run's verdicts so far can be read there.
    log = os.path.join(args.workdir, "fjord-test.log")
    with open(log, "w") as out:
        subprocess.run(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=args.timeout)
    with open(log) as f:
        return f.read()


def file_logs(output):
    """Maps each tested file to (status, its log lines): the lines after its own line, the
    compiler's diagnostics (not indented) included, up to the next file or the summary."""
    logs, current = {}, None
    for line in output.splitlines():
        m = re.match(r"^(ok  |FAIL|skip|nvcc) (\S+) \(", line)
        if m:
            current = m.group(2)
            logs[current] = (m.group(1).strip(), [])
        elif re.match(r"^\w+: \d+ passed, ", line):
            current = None
        elif current:
            logs[current][1].append(line)
    return logs


def classify(status, log):
    text = "\n".join(log)
    if status == "ok":
        return "ok"
    if status == "skip":
        return "skip"
    if "internal compiler error" in text or "signal" in text or "Aborted" in text:
        return "internal"
    if "not supported yet" in text:
        return "unsupported"
    if "building the generated code failed" in text:
        return "build"
    if re.search(r"\.fut:\d+:\d+: error:", text):
        return "rejected"
    if re.search(r"differ|expected .* got|mismatch|value \d", text, re.I):
        return "mismatch"
    return "runtime"


def entry_text(seed, name, depth):
    return difftest_gen.program(seed, depth).replace("ENTRY", name)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def test_one(args, path):
    """(category, log) of one single-program file."""
    try:
        logs = file_logs(run_fjord(args, [path], 1))
    except subprocess.TimeoutExpired:
        return "timeout", ["  timed out"]
    status, log = logs.get(path, ("FAIL", ["  no result (crash?)"]))
    return classify(status, log), log


def minimise(args, path, category):
    """Deletes `let` lines of the entry (and narrows its tuple result to one component) while
    the failure stays of the same category, until nothing more can go; rewrites `path`."""
    lines = open(path).read().split("\n")

    def still_fails(trial):
        write(path, "\n".join(trial))
        return test_one(args, path)[0] == category

    def delete_one(lines):
        for i, line in enumerate(lines):
            if line.startswith("  let ") and still_fails(lines[:i] + lines[i + 1:]):
                return lines[:i] + lines[i + 1:]
        return None

    def narrow(lines):
        head = next((j for j, l in enumerate(lines) if l.startswith("entry ")), None)
        res = next((j for j, l in enumerate(lines) if re.match(r"^  in \(.*\)$", l)), None)
        if head is None or res is None:
            return None
        rm = re.match(r"^(entry .*) : \((.*)\) =$", lines[head])
        names = [x.strip() for x in lines[res].strip()[len("in ("):-1].split(",")]
        if not rm:
            return None
        types = [x.strip() for x in rm.group(2).split(",")]
        if len(names) != len(types):
            return None
        for name, ty in zip(names, types):
            trial = list(lines)
            trial[res] = f"  in {name}"
            trial[head] = f"{rm.group(1)} : {ty} ="
            if still_fails(trial):
                return trial
        return None

    while True:
        smaller = delete_one(lines) or narrow(lines)
        if smaller is None:
            break
        lines = smaller
    write(path, "\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fjord", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--per-file", type=int, default=10)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--backend", default="opencl")
    ap.add_argument("--workdir", default="build/difftest")
    ap.add_argument("--found", default="", help="where minimised failures are written")
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    args.workdir = os.path.abspath(args.workdir)
    batch = os.path.join(args.workdir, f"seed-{args.seed}")
    shutil.rmtree(batch, ignore_errors=True)
    os.makedirs(batch)

    files = {}
    for start in range(0, args.count, args.per_file):
        path = os.path.join(batch, f"d{start:06d}.fut")
        ids = list(range(start, min(start + args.per_file, args.count)))
        write(path, "\n".join(entry_text(f"{args.seed}-{i}", f"p{i}", args.depth) for i in ids))
        files[path] = ids
    logs = file_logs(run_fjord(args, sorted(files), args.jobs))

    counts, failures = {}, []
    for path, ids in sorted(files.items()):
        status, log = logs.get(path, ("FAIL", ["  no result"]))
        if status == "ok":
            counts["ok"] = counts.get("ok", 0) + len(ids)
            continue
        # Split the file: one program each.
        for i in ids:
            single = os.path.join(batch, f"p{i}.fut")
            write(single, entry_text(f"{args.seed}-{i}", f"p{i}", args.depth))
            category, plog = test_one(args, single)
            counts[category] = counts.get(category, 0) + 1
            if category not in ("ok", "unsupported", "skip"):
                failures.append((i, single, category, plog))
            elif category == "unsupported":
                print(f"unsupported: p{i} (seed {args.seed}-{i}): "
                      + next((l.strip() for l in plog if "not supported" in l), ""))

    for i, single, category, plog in failures:
        print(f"{category.upper()}: p{i} (seed {args.seed}-{i}) {single}")
        print("\n".join(plog[:8]))
        if args.found and category in ("mismatch", "internal", "build"):
            minimise(args, single, category)
            os.makedirs(args.found, exist_ok=True)
            dest = os.path.join(args.found, f"{category}-{args.seed}-{i}.fut")
            shutil.copy(single, dest)
            print(f"  minimised: {dest}")
    total = sum(counts.values())
    print(f"difftest: {total} programs, seed {args.seed}: "
          + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    bad = sum(v for k, v in counts.items() if k not in ("ok", "unsupported", "skip"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
