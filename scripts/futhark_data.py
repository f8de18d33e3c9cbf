#!/usr/bin/env python3
"""Random values in Futhark's binary data format, for machines without Fjord (the GPU machine
of scripts/bench-gpu.sh). The types and value ranges are those of `fjord dataset` and of
`random input` in test blocks: integers in [-1000, 1000] ([0, 1000] unsigned), floats in
[0, 1), booleans either way. The values are numpy's (PCG64, seeded), so they are NOT the
bytes Fjord's own generator writes for the same seed; only their types, shapes and ranges
agree.

    python3 scripts/futhark_data.py -s SEED '[1000][1000]f32' i64 > data.bin
"""
import argparse
import re
import sys

import numpy as np

# Element type -> numpy type of its little-endian binary representation.
DTYPES = {
    "i8": "<i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
    "u8": "<u1", "u16": "<u2", "u32": "<u4", "u64": "<u8",
    "f16": "<f2", "f32": "<f4", "f64": "<f8", "bool": "<u1",
}
TYPE = re.compile(r"^((?:\[\d+\])*)([a-z]+\d*)$")
# A scalar literal with its type suffix (`0.5f32`, `-3i64`, `true`): written as given, as
# `random input` blocks and `fjord dataset -g` allow.
LITERAL = re.compile(r"^(-?[0-9][0-9_]*(?:\.[0-9_]+)?(?:[eE][-+]?[0-9]+)?)([iuf](?:8|16|32|64))$")


def parse_type(text):
    """`[2][3]f32` -> ([2, 3], "f32"); ValueError when it is not a type of constant sizes."""
    m = TYPE.match(text)
    if not m or m.group(2) not in DTYPES:
        raise ValueError(f"not a type with constant sizes: {text!r}")
    return [int(d) for d in re.findall(r"\d+", m.group(1))], m.group(2)


def random_elements(rng, elem, count):
    """`count` random elements of type `elem`, as a little-endian numpy array."""
    dtype = np.dtype(DTYPES[elem])
    if elem == "bool":
        return rng.integers(0, 2, count, dtype=np.uint8)
    if elem.startswith("f"):
        # float16 has no generator of its own: draw float32 and round (1.0 may then appear).
        draw = np.float64 if elem == "f64" else np.float32
        return rng.random(count, dtype=draw).astype(dtype)
    # Drawn as int32 and converted: 8-bit types wrap around, as in Fjord's generator.
    low = 0 if elem.startswith("u") else -1000
    return rng.integers(low, 1001, count, dtype=np.int32).astype(dtype)


def parse_literal(text):
    """`0.5f32` -> (0.5, "f32"), `true` -> (1, "bool"); None when `text` is not a literal."""
    if text in ("true", "false"):
        return (1 if text == "true" else 0), "bool"
    m = LITERAL.match(text)
    if not m:
        return None
    digits = m.group(1).replace("_", "")
    return (float(digits) if m.group(2).startswith("f") else int(digits)), m.group(2)


def write_random(out, types, seed):
    """Writes one random value of each type in `types` (a list of strings) to the binary file
    `out`, drawn from one generator seeded with `seed`; a scalar literal is written as is."""
    rng = np.random.default_rng(seed)
    for text in types:
        literal = parse_literal(text)
        if literal:
            value, elem = literal
            out.write(b"b" + bytes([2, 0]) + elem.rjust(4).encode())
            out.write(np.array([value], dtype=DTYPES[elem]).tobytes())
            continue
        dims, elem = parse_type(text)
        out.write(b"b" + bytes([2, len(dims)]) + elem.rjust(4).encode())
        out.write(np.array(dims, dtype="<i8").tobytes())
        count = int(np.prod(dims, dtype=np.int64)) if dims else 1
        # In chunks, so that 2^28-element arrays never need a second full-size copy.
        chunk = 1 << 24
        for start in range(0, count, chunk):
            values = random_elements(rng, elem, min(chunk, count - start))
            out.write(values.astype(DTYPES[elem], copy=False).tobytes())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("types", nargs="+", help="types such as [1000]f32 or i64, or scalar literals such as 0.5f32")
    parser.add_argument("-s", "--seed", type=int, default=0)
    args = parser.parse_args()
    try:
        for t in args.types:
            if parse_literal(t) is None:
                parse_type(t)
    except ValueError as e:
        sys.exit(f"futhark_data.py: {e}")
    write_random(sys.stdout.buffer, args.types, args.seed)


if __name__ == "__main__":
    main()
