#!/usr/bin/env python3
"""Compares two files of values in Futhark's text data format, token by token, with the
float tolerance `fjord test` uses (relative 0.002; nan equals nan). Exit status 0 if equal,
1 (with the first difference) otherwise. Used by scripts/gpu-check.sh and
scripts/bench_gpu.py on GPU machines, where the fjord binary itself is not available."""
import math
import re
import sys

TOKEN = re.compile(r"empty\(|[\[\](),]|[^\s\[\](),]+")
NUMBER = re.compile(r"^(-?)(.*?)(i8|i16|i32|i64|u8|u16|u32|u64|f16|f32|f64)?$")


def tokens(text):
    return TOKEN.findall(text)


def as_float(tok):
    m = NUMBER.match(tok)
    sign, body, suffix = m.group(1), m.group(2), m.group(3) or ""
    if body.endswith(".nan") or body == "nan":
        return float("nan"), suffix
    if body.endswith(".inf") or body == "inf":
        return float("-inf" if sign else "inf"), suffix
    return float(sign + body), suffix


def close(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= 0.002 * max(1.0, abs(a), abs(b))


def difference(expected_text, actual_text):
    """None if the two texts hold the same values, else a description of the first difference."""
    expected, actual = tokens(expected_text), tokens(actual_text)
    if len(expected) != len(actual):
        return f"different number of tokens: expected {len(expected)}, got {len(actual)}"
    for i, (e, a) in enumerate(zip(expected, actual)):
        if e == a:
            continue
        try:
            fe, se = as_float(e)
            fa, sa = as_float(a)
        except ValueError:
            return f"token {i}: expected {e}, got {a}"
        if se != sa or not se.startswith("f") or not close(fe, fa):
            return f"token {i}: expected {e}, got {a}"
    return None


def main():
    diff = difference(open(sys.argv[1]).read(), open(sys.argv[2]).read())
    if diff:
        print(diff)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
