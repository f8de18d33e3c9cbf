#!/usr/bin/env python3
"""Pairs `fjord bench --json` results (or scripts/bench-gpu.sh's, the same layout) with
benchmarks/reference's (same keys and dataset names) and, with --peers, with the peer
harness's records of the same run (../shared/bench: CUB, cuBLAS, PyTorch, JAX, CuPy,
hand-written CUDA). Prints per workload: Fjord's median, the reference's median, the best
peer's, the best of both over Fjord's (Fjord's speed relative to it: 1.0 is parity) and the
share of the device-to-device copy's bandwidth that Fjord reaches. --markdown FILE writes the
same as a markdown table plus the datasets that have nothing to compare with (such as
benchmarks/overhead.fut's); --plot FILE (matplotlib) draws the ratios and bandwidths.

    python3 benchmarks/compare.py FJORD.json REFERENCE.json [--peers PEERS.json]
                                  [--markdown FILE.md] [--title TEXT] [--plot FILE.png]
"""
import argparse
import json
import statistics

N28 = 1 << 28
# The standard workloads: Fjord's key, a piece of the timed dataset's name, the peer
# harness's workload and size, and the bytes the workload must move at least (read + write).
WORKLOADS = [
    ("benchmarks/map.fut:main", "[268435456]f32", "map", "2^28", 8 * N28),
    ("benchmarks/sum.fut:main", "[268435456]f32", "reduce", "2^28", 4 * N28),
    ("benchmarks/scan.fut:main", "[268435456]i32", "scan", "2^28", 8 * N28),
    ("benchmarks/rowsums.fut:square", "[16384][16384]f32", "segreduce", "16384x16384",
     4 * 16384 * 16384 + 4 * 16384),
    ("benchmarks/rowsums.fut:tall", "[4194304][64]f32", "segreduce", "4194304x64",
     4 * 4194304 * 64 + 4 * 4194304),
    ("benchmarks/sgemm.fut:main", "[4096][4096]f32", "gemm", "4096^3", None),
    ("benchmarks/jacobi.fut:main", "[8192][8192]f32", "stencil", "8192^2 x100",
     100 * 2 * 4 * 8192 * 8192),
    ("benchmarks/hist.fut:bins256", "[268435456]i32", "histogram", "2^28 -> 256", 4 * N28),
    ("benchmarks/hist.fut:bins65536", "[268435456]i32", "histogram", "2^28 -> 65536", 4 * N28),
    ("benchmarks/filter.fut:main", "[268435456]i32", "filter", "2^28", 4 * N28 + 2 * N28),
    ("benchmarks/transpose.fut:main", "[16384][16384]f32", None, None, 2 * 4 * 16384 * 16384),
    ("benchmarks/trmv.fut:main", "[134225920]f32", "trmv", "n=16384", 4 * 16384 * 16385 // 2),
    ("benchmarks/nbody.fut:main", "[65536]f32", None, None, None),
    # Rodinia and Parboil, against reference/suites.cuh only (the peers do not run them).
    ("benchmarks/rodinia/pathfinder.fut:main", "[100][100000]i32", None, None,
     100 * 100000 * 4 + 99 * 100000 * 8),
    ("benchmarks/rodinia/hotspot.fut:main", "[1024][1024]f32", None, None, 100 * 3 * 4 * 1024 * 1024),
    ("benchmarks/rodinia/nn.fut:main", "[5242880]f32", None, None, 2 * 4 * 5242880),
    ("benchmarks/parboil/mri-q.fut:main", "[2048]f32", None, None, None),
    ("benchmarks/parboil/histo.fut:main", "[1048576]i32", None, None, 4 * 1048576),
    ("benchmarks/parboil/stencil.fut:main", "[64][512][512]f32", None, None,
     20 * 2 * 4 * 64 * 512 * 512),
]
COPY_KEY = "reference/d2d-copy"
COPY_BYTES = 2 * 4 * N28


def medians(path):
    """(key, dataset) -> (median µs, runs), or None where the dataset failed."""
    with open(path) as f:
        results = json.load(f)
    out = {}
    for key, entry in results.items():
        for name, data in entry["datasets"].items():
            ok = isinstance(data, dict) and data["runtimes"]
            out[(key, name)] = (statistics.median(data["runtimes"]), len(data["runtimes"])) if ok else None
    return out


def same_precision(record):
    """False for peers that compute in lower precision than Fjord (TF32 matrix products)."""
    impl = record.get("impl", "").lower()
    return "tf32" not in impl and "precision=default" not in impl


def best_peer(peers, workload, size):
    """The fastest correct peer record of the workload and size at Fjord's precision."""
    fits = [r for r in peers if r.get("workload") == workload and r.get("size") == size
            and r.get("correct") and not r.get("skipped") and r.get("median_ms")
            and same_precision(r)]
    return min(fits, key=lambda r: r["median_ms"], default=None)


def rows(fjord, ref, peers):
    """One row per standard workload that Fjord ran: label, name, Fjord's (median, runs),
    the reference's median, the best peer (record), the best time of both, and the bytes."""
    out = []
    for key, piece, workload, size, nbytes in WORKLOADS:
        for (k, name), mine in sorted(fjord.items()):
            if k != key or piece not in name:
                continue
            r = ref.get((key, name))
            peer = best_peer(peers, workload, size) if workload else None
            times = [t for t in (r[0] if r else None,
                                 peer["median_ms"] * 1e3 if peer else None) if t]
            label = key.replace("benchmarks/", "").replace(".fut", "")
            out.append((label, name, mine, r[0] if r else None, peer, min(times, default=None), nbytes))
    return out


def copy_bandwidth(ref, peers):
    """GB/s of the device-to-device copy: the reference's, else the peers' cudaMemcpy."""
    copy = next((t[0] for (k, _), t in ref.items() if k == COPY_KEY and t), None)
    if copy:
        return COPY_BYTES / copy / 1e3
    return next((r["gbps"] for r in peers if r.get("workload") == "memcpy"
                 and r.get("framework") == "cuda" and r.get("gbps")), None)


def ms(t):
    return "" if t is None else f"{t / 1e3:.3f}"


def markdown(title, table, fjord, copy_gbps, peers_env):
    lines = [f"# {title}", ""]
    gpu = peers_env.get("nvidia_smi", {})
    if gpu:
        lines.append(f"- GPU: {gpu.get('name')}, driver {gpu.get('driver_version')}; "
                     f"nvcc: {peers_env.get('nvcc')}")
    if copy_gbps:
        lines.append(f"- device-to-device copy: {copy_gbps:.0f} GB/s (read + write)")
    for entry, what in (("scalar", "no device work"), ("tiny_map", "one one-element kernel")):
        calls = [v for (k, _), v in fjord.items() if k == "benchmarks/overhead.fut:" + entry and v]
        if calls:
            lines.append(f"- call overhead ({what}, overhead.fut:{entry}): median {calls[0][0]:.0f} µs "
                         f"over {calls[0][1]} calls")
    lines += ["- times are medians in ms; 'speed' is the best time of reference.cu and the peers "
              "over Fjord's (1 = parity, under 1 = Fjord is slower); peers at lower precision "
              "(TF32) are left out", "",
              "| workload | Fjord ms | runs | reference.cu ms | best peer | peer ms | speed | Fjord % copy bw |",
              "|---|---:|---:|---:|---|---:|---:|---:|"]
    shown = set()
    for label, name, mine, r, peer, best, nbytes in table:
        shown.add((label, name))
        if mine is None:
            lines.append(f"| {label} | failed | | {ms(r)} | | | | |")
            continue
        t, runs = mine
        peer_name = f"{peer['framework']}: {peer['impl']}" if peer else ""
        speed = f"{best / t:.3g}" if best else ""
        bw = f"{100 * nbytes / t / 1e3 / copy_gbps:.1f}%" if nbytes and copy_gbps else ""
        lines.append(f"| {label} | {ms(t)} | {runs} | {ms(r)} | {peer_name} | "
                     f"{ms(peer['median_ms'] * 1e3) if peer else ''} | {speed} | {bw} |")
    lines += ["", "Datasets with nothing to compare with (medians in µs):", "",
              "| program:entry | dataset | Fjord µs | runs |", "|---|---|---:|---:|"]
    for (key, name), mine in sorted(fjord.items()):
        label = key.replace("benchmarks/", "").replace(".fut", "")
        if (label, name) in shown:
            continue
        cell = "failed" if mine is None else f"{mine[0]:.0f} | {mine[1]}"
        lines.append(f"| {label} | {name} | {cell} |" + (" |" if mine is None else ""))
    return "\n".join(lines) + "\n"


def plot(path, table, copy_gbps):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    speeds = [(label, best / mine[0]) for label, _, mine, _, _, best, _ in table if mine and best]
    shares = [(label, 100 * n / mine[0] / 1e3 / copy_gbps) for label, _, mine, _, _, _, n in table
              if mine and n and copy_gbps]
    fig, (a, b) = plt.subplots(1, 2, figsize=(13, 5))
    a.barh([l for l, _ in speeds], [s for _, s in speeds])
    a.axvline(1.0, color="black", linewidth=0.8)
    a.set_xscale("log")
    a.set_title("Fjord's speed relative to the best reference or peer (1 = parity)")
    b.barh([l for l, _ in shares], [s for _, s in shares])
    b.set_xlim(0, 100)
    b.set_title("Fjord's bandwidth, % of a device-to-device copy")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"plot: {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fjord")
    parser.add_argument("reference")
    parser.add_argument("--peers", help="the peer harness's <gpu>-<date>.json of the same run")
    parser.add_argument("--markdown")
    parser.add_argument("--title", default="Fjord against the references and peers")
    parser.add_argument("--plot")
    args = parser.parse_args()
    fjord, ref = medians(args.fjord), medians(args.reference)
    peers, env = [], {}
    if args.peers:
        with open(args.peers) as f:
            doc = json.load(f)
        peers, env = doc.get("records", []), doc.get("env", {})
    copy_gbps = copy_bandwidth(ref, peers)
    table = rows(fjord, ref, peers)
    if copy_gbps:
        print(f"device-to-device copy: {copy_gbps:.0f} GB/s")
    print(f"{'workload':20} {'fjord us':>11} {'reference us':>13} {'best peer us':>13} "
          f"{'speed':>8} {'% copy bw':>10}")
    for label, _, mine, r, peer, best, nbytes in table:
        peer_us = f"{peer['median_ms'] * 1e3:13.0f}" if peer else f"{'':13}"
        ref_us = f"{r:13.0f}" if r else f"{'':13}"
        if mine is None:
            print(f"{label:20} {'failed':>11} {ref_us} {peer_us}")
            continue
        speed = f"{best / mine[0]:8.3g}" if best else f"{'':8}"
        bw = f"{100 * nbytes / mine[0] / 1e3 / copy_gbps:9.1f}%" if nbytes and copy_gbps else ""
        print(f"{label:20} {mine[0]:11.0f} {ref_us} {peer_us} {speed} {bw:>10}")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(args.title, table, fjord, copy_gbps, env))
        print(f"table: {args.markdown}")
    if args.plot and table:
        plot(args.plot, table, copy_gbps)


if __name__ == "__main__":
    main()
