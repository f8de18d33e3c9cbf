#!/usr/bin/env python3
"""Builds and times an export of `fjord bench --backend cuda --export DIR` on a GPU machine
that has nvcc but not Fjord; scripts/bench-gpu.sh calls it (see docs/benchmarking.md).

    bench_gpu.py build DIR [--nvcc NVCC] [--arch sm_90] [-j JOBS]
    bench_gpu.py run DIR --json FILE [--runs 30] [--budget 60] [--data TMPDIR]
                     [--only PROGRAM]... [--runs-for PROGRAM=RUNS]...

`build` compiles every program with `nvcc -std=c++17 -O3 -arch=ARCH prog.cu prog_main.cpp`.
`run` times every dataset as `fjord bench` does: one process per dataset runs the executable
with `-r RUNS+1 -t TIMING` (the first run is the warm-up and is dropped), the result is
checked against the exported expected values where there are some, and the results go to
FILE in futhark bench's JSON layout (rewritten after each dataset, so a run cut short keeps
what it measured). Large random inputs are drawn here by scripts/futhark_data.py. A dataset
without expected values (they are the large ones) whose runs take longer than --budget
seconds together is stopped there (at least one timed run is kept) and reports the runs made; --only keeps the programs whose source path contains
one of its arguments; --runs-for gives the programs whose path contains PROGRAM another
number of timed runs.
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_values  # noqa: E402  (beside this script)


def load_manifest(export):
    with open(os.path.join(export, "manifest.json")) as f:
        return json.load(f)


def build(args):
    manifest = load_manifest(args.dir)

    def one(program):
        folder = os.path.join(args.dir, program["dir"])
        stem = program["stem"]
        if os.path.exists(os.path.join(folder, stem)):
            os.remove(os.path.join(folder, stem))  # a failed build leaves no stale executable
        command = [args.nvcc, "-std=c++17", "-O3", f"-arch={args.arch}",
                   os.path.join(folder, stem + ".cu"), os.path.join(folder, stem + "_main.cpp"),
                   "-o", os.path.join(folder, stem)]
        with open(os.path.join(folder, "build.log"), "w") as log:
            ok = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode == 0
        return program["source"], ok, " ".join(command), folder

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for source, ok, command, folder in pool.map(one, manifest["programs"]):
            print(f"{'built' if ok else 'BUILD FAILED'}: {source}", flush=True)
            if not ok:
                failed += 1
                print(command)
                with open(os.path.join(folder, "build.log")) as log:
                    print(log.read()[-3000:])
    return 1 if failed else 0


def read_runtimes(path):
    """The runs in the timing file (µs), the warm-up run included."""
    try:
        with open(path) as f:
            return [float(line) for line in f if line.strip()]
    except OSError:
        return []


def device_bytes(report):
    try:
        with open(report) as f:
            return int(json.load(f).get("device_peak_bytes", 0))
    except (OSError, ValueError):
        return 0


class Runner:
    def __init__(self, args, manifest):
        self.args = args
        self.options = manifest["options"]
        self.results = {}  # key -> dataset name -> result (dict) or error (str)
        self.failures = 0
        self.inputs = {}  # (types, seed) -> file drawn for the current program
        self.runs = args.runs  # timed runs of the current program

    def write_json(self):
        layout = {key: {"datasets": dict(sorted(sets.items()))}
                  for key, sets in sorted(self.results.items())}
        with open(self.args.json + ".partial", "w") as f:
            json.dump(layout, f, indent=2)
            f.write("\n")
        os.replace(self.args.json + ".partial", self.args.json)

    def fail(self, key, name, error):
        self.failures += 1
        self.results.setdefault(key, {})[name] = error
        print(f"  {name}: FAILED: {error}", flush=True)

    def input_file(self, folder, dataset):
        if "input" in dataset:
            return os.path.join(folder, dataset["input"])
        which = (dataset["random"], dataset["seed"])
        if which not in self.inputs:
            import futhark_data  # numpy: only needed where random inputs are drawn
            path = os.path.join(self.args.data, f"random_{len(self.inputs)}_{dataset['seed']}.in")
            start = time.monotonic()
            with open(path, "wb") as out:
                futhark_data.write_random(out, dataset["random"].split(), dataset["seed"])
            print(f"  (drew {dataset['random']} in {time.monotonic() - start:.1f} s)", flush=True)
            self.inputs[which] = path
        return self.inputs[which]

    def command(self, exe, dataset, base, checked):
        cmd = [exe, "-e", dataset["entry"], "-r", str(self.runs + 1), "-t", base + ".timing",
               "--report", base + ".report"]
        if not checked:
            cmd.append("-b")  # large results: binary, and not read
        if self.options.get("flush_l2"):
            cmd.append("--flush-l2")
        for p in self.options.get("params", []):
            cmd += ["--param", p]
        if self.options.get("tuning"):
            cmd += ["--tuning", os.path.join(self.args.dir, self.options["tuning"])]
        return cmd

    def dataset(self, folder, exe, dataset):
        key, name = dataset["key"], dataset["name"]
        input_path = self.input_file(folder, dataset)
        checked = dataset.get("expected") is not None
        base = os.path.join(self.args.data, f"run_{dataset['line']}_{dataset['entry']}")
        for suffix in (".timing", ".report", ".out", ".err"):
            if os.path.exists(base + suffix):
                os.remove(base + suffix)
        out_path = base + ".out" if checked else os.devnull
        cut = False
        start = time.monotonic()
        with open(input_path, "rb") as stdin, open(out_path, "wb") as stdout, \
                open(base + ".err", "wb") as stderr:
            proc = subprocess.Popen(self.command(exe, dataset, base, checked), stdin=stdin,
                                    stdout=stdout, stderr=stderr)
            while proc.poll() is None:
                time.sleep(0.1)
                elapsed = time.monotonic() - start
                if (not checked and elapsed > self.args.budget
                        and len(read_runtimes(base + ".timing")) >= 2):
                    cut = True  # enough runs for the budget: stop here
                    proc.terminate()
                    proc.wait()
                elif elapsed > 3 * self.args.budget + 300:
                    proc.kill()
                    proc.wait()
                    return self.fail(key, name, f"timed out after {elapsed:.0f} s")
        with open(base + ".err", errors="replace") as f:
            errors = f.read()
        if proc.returncode != 0 and not cut:
            return self.fail(key, name, f"exit status {proc.returncode}: {errors.strip()}")
        runtimes = read_runtimes(base + ".timing")[1:]
        if not runtimes:
            return self.fail(key, name, "no timed run finished")
        if checked:
            with open(os.path.join(folder, dataset["expected"])) as f:
                want = f.read()
            with open(base + ".out", errors="replace") as f:
                got = f.read()
            diff = compare_values.difference(want, got)
            if diff:
                return self.fail(key, name, f"wrong result: {diff}")
        self.results.setdefault(key, {})[name] = {
            "runtimes": [round(t) for t in runtimes],
            "bytes": {"device": device_bytes(base + ".report")},
            "stderr": errors,
        }
        mean = statistics.fmean(runtimes)
        rsd = statistics.stdev(runtimes) / mean if len(runtimes) > 1 and mean else 0.0
        notes = [] if checked else ["unchecked"]
        if cut:
            notes.append(f"stopped after {len(runtimes)} runs by the {self.args.budget:.0f} s budget")
        print(f"  {name}: {mean:10.1f} µs mean  (median {statistics.median(runtimes):.1f}, "
              f"min {min(runtimes):.1f}, max {max(runtimes):.1f}, rsd {rsd:.3f}"
              f"{''.join(', ' + n for n in notes)}; {time.monotonic() - start:.0f} s)", flush=True)

    def program(self, program):
        self.runs = self.args.runs
        for piece, runs in self.args.runs_for:
            if piece in program["source"]:
                self.runs = runs
        folder = os.path.join(self.args.dir, program["dir"])
        exe = os.path.join(folder, program["stem"])
        print(f"{program['source']} (cuda):", flush=True)
        for dataset in program["datasets"]:
            if not os.path.exists(exe):
                self.fail(dataset["key"], dataset["name"], "not built")
            else:
                try:
                    self.dataset(folder, exe, dataset)
                except OSError as e:
                    self.fail(dataset["key"], dataset["name"], str(e))
                except ImportError as e:
                    self.fail(dataset["key"], dataset["name"], f"cannot draw random inputs: {e}")
            self.write_json()
        for path in self.inputs.values():  # they are large: keep the disk free
            os.remove(path)
        self.inputs.clear()


def run(args):
    manifest = load_manifest(args.dir)
    os.makedirs(args.data, exist_ok=True)
    runner = Runner(args, manifest)
    for note in manifest.get("left_out", []):
        print(f"not exported: {note}")
    for program in manifest["programs"]:
        if not args.programs or any(p in program["source"] for p in args.programs):
            runner.program(program)
    runner.write_json()
    if runner.failures:
        print(f"{runner.failures} dataset(s) failed")
    return 1 if runner.failures else 0


def runs_for(text):
    """`PROGRAM=RUNS` -> (PROGRAM, RUNS)."""
    piece, _, runs = text.rpartition("=")
    if not piece or not runs.isdigit() or int(runs) < 1:
        raise argparse.ArgumentTypeError(f"expected PROGRAM=RUNS, got {text!r}")
    return piece, int(runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("dir")
    b.add_argument("--nvcc", default="nvcc")
    b.add_argument("--arch", default="sm_90")
    b.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--json", required=True)
    r.add_argument("--runs", type=int, default=30)
    r.add_argument("--budget", type=float, default=60.0)
    r.add_argument("--data", default="/tmp/fjord-bench-data")
    r.add_argument("--only", action="append", default=[], dest="programs")
    r.add_argument("--runs-for", action="append", default=[], type=runs_for)
    args = parser.parse_args()
    return build(args) if args.command == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main())
