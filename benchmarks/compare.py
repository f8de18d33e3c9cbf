#!/usr/bin/env python3
"""Pairs `fjord bench --json` results with benchmarks/reference's (same keys and dataset
names) and prints, per workload: Fjord's median, the reference's median, the reference's
time over Fjord's (Fjord's speed relative to the reference: 1.0 is parity) and the share of
the device-to-device copy's bandwidth that Fjord reaches. With --plot FILE (matplotlib) it
draws both as bar charts.

    python3 benchmarks/compare.py FJORD.json REFERENCE.json [--plot FILE.png]
"""
import json
import statistics
import sys

# Bytes each workload must move at least (read + write), for the bandwidth column.
N28 = 1 << 28
BYTES = {
    "benchmarks/map.fut:main": 8 * N28,
    "benchmarks/sum.fut:main": 4 * N28,
    "benchmarks/scan.fut:main": 8 * N28,
    "benchmarks/rowsums.fut:square": 4 * 16384 * 16384 + 4 * 16384,
    "benchmarks/rowsums.fut:tall": 4 * 4194304 * 64 + 4 * 4194304,
    "benchmarks/jacobi.fut:main": 100 * 2 * 4 * 8192 * 8192,
    "benchmarks/hist.fut:bins256": 4 * N28,
    "benchmarks/hist.fut:bins65536": 4 * N28,
    "benchmarks/filter.fut:main": 4 * N28 + 2 * N28,  # about half the elements are kept
    "benchmarks/transpose.fut:main": 2 * 4 * 16384 * 16384,
    "benchmarks/trmv.fut:main": 4 * 16384 * 16385 // 2,
}
COPY_KEY = "reference/d2d-copy"
COPY_BYTES = 2 * 4 * N28


def medians(path):
    with open(path) as f:
        results = json.load(f)
    out = {}
    for key, entry in results.items():
        for name, data in entry["datasets"].items():
            if isinstance(data, dict) and data["runtimes"]:
                out[(key, name)] = statistics.median(data["runtimes"])
            else:
                out[(key, name)] = None  # failed or wrong
    return out


def main():
    args = sys.argv[1:]
    plot = None
    if "--plot" in args:
        i = args.index("--plot")
        plot = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    fjord, ref = medians(args[0]), medians(args[1])
    copy = next((t for (k, _), t in ref.items() if k == COPY_KEY and t), None)
    copy_gbps = COPY_BYTES / copy / 1e3 if copy else None
    if copy_gbps:
        print(f"device-to-device copy: {copy_gbps:.0f} GB/s")
    print(f"{'workload':34} {'fjord us':>11} {'reference us':>13} {'speed':>8} {'% copy bw':>10}")
    rows = []
    for (key, name), t in sorted(fjord.items()):
        if (key, name) not in ref:
            continue
        r = ref[(key, name)]
        label = key.replace("benchmarks/", "").replace(".fut", "")
        if t is None or r is None:
            print(f"{label:34} {'failed' if t is None else f'{t:11.0f}':>11} "
                  f"{'failed' if r is None else f'{r:13.0f}':>13}")
            continue
        speed = r / t
        bw = ""
        share = None
        if key in BYTES and copy_gbps:
            share = 100 * (BYTES[key] / t / 1e3) / copy_gbps
            bw = f"{share:9.1f}%"
        print(f"{label:34} {t:11.0f} {r:13.0f} {speed:8.3f} {bw:>10}")
        rows.append((label, speed, share))
    if plot and rows:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, (a, b) = plt.subplots(1, 2, figsize=(13, 5))
        a.barh([l for l, _, _ in rows], [s for _, s, _ in rows])
        a.axvline(1.0, color="black", linewidth=0.8)
        a.set_xscale("log")
        a.set_title("Fjord's speed relative to the reference (1 = parity)")
        shares = [(l, s) for l, _, s in rows if s is not None]
        b.barh([l for l, _ in shares], [s for _, s in shares])
        b.set_xlim(0, 100)
        b.set_title("Fjord's bandwidth, % of a device-to-device copy")
        fig.tight_layout()
        fig.savefig(plot, dpi=120)
        print(f"plot: {plot}")


if __name__ == "__main__":
    main()
