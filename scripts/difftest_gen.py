# Generates random well-typed Futhark entry points for differential testing
# (scripts/difftest.py): SOACs and their nests (map, map2, reduce, scan, filter, hist,
# reduce_by_index, scatter), sequential loops, in-place updates, slices and tuples, over
# i32, i64 and f32 arrays whose sizes are the entry point's size parameters `n` and `m`.
#
# What keeps the programs deterministic, so that any two correct backends agree:
#  - reduction and scan operators are associative (and, for hist, commutative); on f32 only
#    + (with a tolerance), min and max, on values that stay non-negative (no cancellation);
#  - no float comparisons decide control flow (reordered sums may differ in the last bit);
#  - scatter's indices are distinct (an affine permutation), some out of range on purpose;
#  - integer division and modulo only by non-zero constants other than -1, shifts by
#    constants below the bit width; indices are reduced modulo a non-zero size.
import random

INT_OPS = [("+", "0"), ("*", "1"), ("i32.min", "i32.highest"), ("i32.max", "i32.lowest"),
           ("&", "(-1)"), ("|", "0"), ("^", "0")]
FLOAT_OPS = [("+", "0f32"), ("f32.max", "0f32"), ("f32.min", "f32.inf")]


class Gen:
    """One entry point; `n` and `m` are the actual sizes its random input will have."""

    def __init__(self, rng, n, m):
        self.rng, self.n, self.m = rng, n, m
        self.fresh = 0

    def name(self, base):
        self.fresh += 1
        return f"{base}{self.fresh}"

    def pick(self, items):
        return self.rng.choice(items)

    def chance(self, p):
        return self.rng.random() < p

    # --- types: ("i32"|"i64"|"f32") or ("arr", dim, elem) with dim "n" or "m" ---

    @staticmethod
    def show(t):
        return f"[{t[1]}]{Gen.show(t[2])}" if isinstance(t, tuple) else t

    def vars_of(self, env, t):
        return [v for v, vt in env if vt == t]

    def arrays_with_outer(self, env, dim):
        return [(v, vt) for v, vt in env if isinstance(vt, tuple) and vt[1] == dim]

    # --- scalars ---

    def index(self, dim, env, d):
        return f"(i64.i32 {self.scalar('i32', env, d - 1)} % {dim})"

    def scalar(self, t, env, d):
        vs = self.vars_of(env, t)
        if d <= 0 or self.chance(0.25):
            if vs and self.chance(0.7):
                return self.pick(vs)
            return self.literal(t)
        gens = [self.s_binop, self.s_reduce, self.s_index, self.s_loop]
        if t != "f32":
            gens += [self.s_if, self.s_filter_count, self.s_slice_reduce]
        if t == "i32":
            gens += [self.s_divmod, self.s_shift]
        if t == "i64":
            gens += [self.s_widen]
        return self.pick(gens)(t, env, d)

    def literal(self, t):
        if t == "f32":
            return self.pick(["0.5f32", "1f32", "1.5f32", "2f32", "0.25f32"])
        v = self.rng.randint(-9, 9)
        return f"({v}{t})" if v < 0 else f"{v}{t}"

    def s_binop(self, t, env, d):
        a, b = self.scalar(t, env, d - 1), self.scalar(t, env, d - 1)
        if t == "f32":
            op = self.pick(["+", "max", "min", "scale"])
            if op == "scale":
                return f"({a} * {self.pick(['0.5f32', '0.75f32', '1.25f32'])})"
            return f"({a} + {b})" if op == "+" else f"(f32.{op} {a} {b})"
        op = self.pick(["+", "-", "*", "&", "|", "^", "min", "max"])
        return f"({t}.{op} {a} {b})" if op in ("min", "max") else f"({a} {op} {b})"

    def s_divmod(self, t, env, d):
        op = self.pick(["/", "%", "//", "%%"])
        return f"({self.scalar(t, env, d - 1)} {op} {self.pick([2, 3, 5, 7, -2, -3, -7])}{t})"

    def s_shift(self, t, env, d):
        op = self.pick(["<<", ">>", ">>>"])
        return f"({self.scalar(t, env, d - 1)} {op} {self.rng.randint(0, 7)}{t})"

    def s_widen(self, t, env, d):
        return f"(i64.i32 {self.scalar('i32', env, d - 1)})"

    def elem_array(self, t, env, d, dim=None):
        """An array expression of element type `t` (one dimension)."""
        return self.array(("arr", dim or self.pick(["n", "m"]), t), env, d - 1)

    def s_reduce(self, t, env, d):
        if t == "f32":
            op, ne = self.pick(FLOAT_OPS)
        elif t == "i64":
            op, ne = "+", "0"
        else:
            op, ne = self.pick(INT_OPS)
        return f"(reduce ({op}) {ne} {self.elem_array(t, env, d)})"

    def s_index(self, t, env, d):
        dim = self.pick(["n", "m"])
        arr = self.array(("arr", dim, t), env, d - 1)
        return f"(({arr})[{self.index(dim, env, d)}])"

    def s_if(self, t, env, d):
        c = f"{self.scalar('i32', env, d - 1)} {self.pick(['<', '==', '>=', '!='])} {self.scalar('i32', env, d - 1)}"
        return f"(if {c} then {self.scalar(t, env, d - 1)} else {self.scalar(t, env, d - 1)})"

    def s_loop(self, t, env, d):
        acc, i = self.name("acc"), self.name("i")
        inner = env + [(acc, t), (i, "i64")]
        body = self.scalar(t, inner, d - 1)
        if t == "f32":
            body = f"f32.max {acc} ({body})"
        else:
            body = f"{acc} + ({body})" if self.chance(0.5) else body
        return f"(loop {acc} = {self.scalar(t, env, d - 1)} for {i} < {self.rng.randint(1, 4)} do {body})"

    def s_filter_count(self, t, env, d):
        x = self.name("x")
        arr = self.elem_array("i32", env, d)
        cond = f"{x} {self.pick(['<', '>', '==', '!='])} {self.scalar('i32', env + [(x, 'i32')], d - 2)}"
        kept = f"(filter (\\{x} -> {cond}) {arr})"
        if t == "i64":
            return f"(length {kept})"
        return f"(reduce (+) 0 {kept})" if self.chance(0.5) else f"(i32.i64 (length {kept}))"

    def s_slice_reduce(self, t, env, d):
        dim = self.pick(["n", "m"])
        size = self.n if dim == "n" else self.m
        lo = self.rng.randint(0, size)
        hi = self.rng.randint(lo, size)
        arr = self.array(("arr", dim, t), env, d - 1)
        if self.chance(0.3) and hi > lo:
            sl = f"{lo}:{hi}:{self.rng.randint(1, 3)}"
        else:
            sl = f"{lo}:{hi}"
        return f"(reduce (+) 0 ({arr})[{sl}])"

    # --- arrays ---

    def array(self, t, env, d):
        vs = self.vars_of(env, t)
        if d <= 0 or (vs and self.chance(0.3)):
            return self.pick(vs) if vs else self.a_replicate(t, env, 0)
        gens = [self.a_map, self.a_map, self.a_map2, self.a_iota_map, self.a_replicate, self.a_loop]
        if isinstance(t[2], tuple):
            gens += [self.a_transpose]
        else:
            gens += [self.a_scan, self.a_update, self.a_reverse, self.a_scatter,
                     self.a_hist, self.a_reduce_by_index]
        return self.pick(gens)(t, env, d)

    def source(self, dim, env, d):
        """Any array of outer size `dim` to map over, with its type."""
        choices = self.arrays_with_outer(env, dim)
        if choices and self.chance(0.8):
            return self.pick(choices)
        et = self.pick(["i32", "f32", "i32"])
        t = ("arr", dim, et)
        return self.array(t, env, d - 1), t

    def a_map(self, t, env, d):
        src, st = self.source(t[1], env, d)
        x = self.name("x")
        return f"(map (\\{x} -> {self.value(t[2], env + [(x, st[2])], d - 1)}) {src})"

    def a_map2(self, t, env, d):
        (a, at), (b, bt) = self.source(t[1], env, d), self.source(t[1], env, d)
        x, y = self.name("x"), self.name("y")
        body = self.value(t[2], env + [(x, at[2]), (y, bt[2])], d - 1)
        return f"(map2 (\\{x} {y} -> {body}) {a} {b})"

    def a_iota_map(self, t, env, d):
        i = self.name("i")
        return f"(map (\\{i} -> {self.value(t[2], env + [(i, 'i64')], d - 1)}) (iota {t[1]}))"

    def a_replicate(self, t, env, d):
        return f"(replicate {t[1]} {self.value(t[2], env, d - 1)})"

    def a_loop(self, t, env, d):
        acc, i = self.name("acc"), self.name("i")
        inner = env + [(acc, t), (i, "i64")]
        # A parameter updated in place is consumed, so its type is unique (`*`).
        unique = ""
        if not isinstance(t[2], tuple) and self.chance(0.5):
            body = f"{acc} with [{self.index(t[1], inner, d - 1)}] = {self.scalar(t[2], inner, d - 1)}"
            init = f"copy {self.array(t, env, d - 1)}"
            unique = "*"
        else:
            x = self.name("x")
            body = f"map (\\{x} -> {self.value(t[2], inner + [(x, t[2])], d - 1)}) {acc}"
            init = self.array(t, env, d - 1)
        return (f"(loop ({acc}: {unique}{self.show(t)}) = {init} "
                f"for {i} < {self.rng.randint(1, 4)} do {body})")

    def a_scan(self, t, env, d):
        if t[2] == "f32":
            op, ne = self.pick(FLOAT_OPS)
        elif t[2] == "i64":
            op, ne = "+", "0"
        else:
            op, ne = self.pick(INT_OPS)
        return f"(scan ({op}) {ne} {self.array(t, env, d - 1)})"

    def a_transpose(self, t, env, d):
        inner = t[2]
        return f"(transpose {self.array(('arr', inner[1], ('arr', t[1], inner[2])), env, d - 1)})"

    def a_update(self, t, env, d):
        return f"(copy {self.array(t, env, d - 1)} with [{self.index(t[1], env, d)}] = {self.scalar(t[2], env, d - 1)})"

    def a_reverse(self, t, env, d):
        return f"(reverse {self.array(t, env, d - 1)})"

    def permutation(self, dim, extra):
        """Distinct indices for `dim` elements, in [0, dim + extra): (i * p + q) % (dim + extra)
        with p coprime to the modulus (some land beyond the destination, which scatter skips)."""
        size = (self.n if dim == "n" else self.m) + extra
        p = self.pick([q for q in range(1, 12) if _gcd(q, size) == 1])
        i = self.name("i")
        return f"(map (\\{i} -> ({i} * {p} + {self.rng.randint(0, 5)}) % ({dim} + {extra})) (iota {dim}))"

    def a_scatter(self, t, env, d):
        # Any source size: indices beyond the destination are skipped, and they are distinct.
        src_dim = self.pick(["n", "m"])
        extra = self.pick([0, 0, 1, 3])
        idx = self.permutation(src_dim, extra)
        vals = self.array(("arr", src_dim, t[2]), env, d - 1)
        return f"(scatter (copy {self.array(t, env, d - 1)}) {idx} {vals})"

    def hist_op(self, et):
        if et == "f32":
            return self.pick([("f32.max", "0f32"), ("f32.min", "f32.inf"), ("+", "0f32")])
        if et == "i64":
            return ("+", "0")
        return self.pick([op for op in INT_OPS])

    def bucket_indices(self, dim, width, env, d):
        x = self.name("x")
        arr = self.array(("arr", dim, "i32"), env, d - 1)
        shift = self.pick(["", " - 1"])
        return f"(map (\\{x} -> i64.i32 {x} % ({width} + 1){shift}) {arr})"

    def a_hist(self, t, env, d):
        op, ne = self.hist_op(t[2])
        src = self.pick(["n", "m"])
        idx = self.bucket_indices(src, t[1], env, d)
        return f"(hist ({op}) {ne} {t[1]} {idx} {self.array(('arr', src, t[2]), env, d - 1)})"

    def a_reduce_by_index(self, t, env, d):
        op, ne = self.hist_op(t[2])
        src = self.pick(["n", "m"])
        idx = self.bucket_indices(src, t[1], env, d)
        dest = f"copy {self.array(t, env, d - 1)}"
        return f"(reduce_by_index ({dest}) ({op}) {ne} {idx} {self.array(('arr', src, t[2]), env, d - 1)})"

    def value(self, t, env, d):
        return self.array(t, env, d) if isinstance(t, tuple) else self.scalar(t, env, d)

    # --- the entry point ---

    RESULT_TYPES = ["i32", "f32", "i64", ("arr", "n", "i32"), ("arr", "n", "f32"),
                    ("arr", "m", "i32"), ("arr", "n", ("arr", "m", "i32")),
                    ("arr", "n", ("arr", "m", "f32")), ("arr", "m", ("arr", "n", "i32"))]

    def entry(self, name, depth):
        params = [("xs", ("arr", "n", "i32")), ("ys", ("arr", "n", "i32")),
                  ("fs", ("arr", "n", "f32")), ("zs", ("arr", "m", "i32")),
                  ("ms", ("arr", "n", ("arr", "m", "i32"))),
                  ("gs", ("arr", "n", ("arr", "m", "f32"))), ("k", "i32")]
        env = list(params)
        lines = []
        for _ in range(self.rng.randint(1, 5)):
            t = self.pick(self.RESULT_TYPES)
            v = self.name("v")
            if self.chance(0.1):
                # A reduction or scan with a tuple operator over two zipped arrays.
                a, b = self.name("a"), self.name("b")
                (op1, ne1), (op2, ne2) = self.pick(INT_OPS), self.pick(INT_OPS)
                xs = self.array(("arr", "n", "i32"), env, depth - 1)
                ys = self.array(("arr", "n", "i32"), env, depth - 1)
                x1, y1, x2, y2 = (self.name(c) for c in "pqrs")
                lam = f"(\\({x1}, {y1}) ({x2}, {y2}) -> ({x1} {op1} {x2}, {y1} {op2} {y2}))"
                lam = lam.replace("\\\\", "\\")
                if op1.startswith("i32."):
                    lam = lam.replace(f"{x1} {op1} {x2}", f"{op1} {x1} {x2}")
                if op2.startswith("i32."):
                    lam = lam.replace(f"{y1} {op2} {y2}", f"{op2} {y1} {y2}")
                if self.chance(0.5):
                    lines.append(f"  let ({a}, {b}) = reduce {lam} ({ne1}, {ne2}) (zip {xs} {ys})")
                    env += [(a, "i32"), (b, "i32")]
                else:
                    lines.append(f"  let ({a}, {b}) = unzip (scan {lam} ({ne1}, {ne2}) (zip {xs} {ys}))")
                    env += [(a, ("arr", "n", "i32")), (b, ("arr", "n", "i32"))]
                continue
            if self.chance(0.15) and not isinstance(t, tuple):
                # A tuple from one SOAC, taken apart.
                w, x = self.name("w"), self.name("x")
                src, st = self.source("n", env, depth)
                a = self.value("i32", env + [(x, st[2])], depth - 1)
                b = self.value(t, env + [(x, st[2])], depth - 1)
                lines.append(f"  let ({w}, {v}) = unzip (map (\\{x} -> ({a}, {b})) {src})")
                env += [(w, ("arr", "n", "i32")), (v, ("arr", "n", t))]
                continue
            lines.append(f"  let {v}: {self.show(t)} = {self.value(t, env, depth)}")
            env.append((v, t))
        bound = env[len(params):]
        results = self.rng.sample(bound, min(len(bound), self.rng.randint(1, 3)))
        ret = ", ".join(self.show(rt).replace("[n]", "[]").replace("[m]", "[]") for _, rt in results)
        head = " ".join(f"({p}: {self.show(pt)})" for p, pt in params)
        body = "\n".join(lines)
        res = ", ".join(r for r, _ in results)
        return (f"entry {name} [n] [m] {head} : ({ret}) =\n{body}\n  in ({res})\n"
                if len(results) > 1 else
                f"entry {name} [n] [m] {head} : {ret} =\n{body}\n  in {res}\n")


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


SIZES_N = [1, 2, 3, 7, 16, 33, 100, 257]
SIZES_M = [1, 2, 5, 8, 17]


def program(seed, depth=3):
    """One random entry point with its test block, as (sizes, text with `ENTRY` as its name)."""
    rng = random.Random(seed)
    n, m = rng.choice(SIZES_N), rng.choice(SIZES_M)
    text = Gen(rng, n, m).entry("ENTRY", depth)
    block = (f"-- ==\n-- entry: ENTRY\n-- random input {{ [{n}]i32 [{n}]i32 [{n}]f32 [{m}]i32 "
             f"[{n}][{m}]i32 [{n}][{m}]f32 i32 }} auto output\n")
    return block + text
