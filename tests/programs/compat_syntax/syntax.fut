-- Syntax that Futhark's language reference defines: inclusive ranges `a...b` and strided
-- `a..b...c`, hexadecimal float literals, `let r.f = v`, operator parameters `(<=)`, type
-- parameters of local functions, attributes on declarations, expressions and patterns,
-- and typed holes `???`.
-- ==
-- entry: ranges
-- input { 2i64 5i64 }
-- output { [2i64, 3i64, 4i64, 5i64] [2i64, 4i64] [5i64, 3i64, 1i64] [1i32, 4i32, 7i32, 10i32] }
-- input { 3i64 3i64 }
-- output { [3i64] [3i64] [3i64, 1i64] [1i32, 4i32, 7i32, 10i32] }

entry ranges (a: i64) (b: i64) =
  (a...b, a..a+2...b, b..b-2..>0, 1..4...10)

-- ==
-- entry: hex_floats
-- input { 1f32 }
-- output { 12f32 1.9375f64 0.0625f32 -40f32 256f64 }

entry hex_floats (x: f32) =
  (0x1.8p3f32 * x, 0x1.fp0, 0x1.0p-4f32, -0x1.4P+5f32, 0x1_0.0_0p4)

-- ==
-- entry: field_update
-- input { 3i32 4.5f32 }
-- output { 10i32 4.5f32 3i32 7i32 }

entry field_update (a: i32) (b: f32) =
  let r = {x = a, y = b, inner = (a, a)}
  let r.x = 10
  let r.inner.1 = r.inner.1 + 4
  in (r.x, r.y, r.inner.0, r.inner.1)

-- ==
-- entry: operator_params
-- input { [3, 1, 2] }
-- output { 1 3 [4, 2, 3] }

def min_by (<=) (x: i32) (y: i32) = if x <= y then x else y
def pick (op: i32 -> i32 -> i32) (+^) (xs: []i32) = map (\x -> x +^ op 1 0) xs

entry operator_params (xs: []i32) =
  (reduce (min_by (<=)) i32.highest xs, reduce (min_by (>=)) i32.lowest xs,
   pick (\a _ -> a) (+) xs)

-- ==
-- entry: local_type_params
-- input { 7i32 true }
-- output { 7i32 7i32 true true [1.5f64, 1.5f64, 1.5f64] }

entry local_type_params (x: i32) (b: bool) =
  let twice 't (v: t) : (t, t) = (v, v)
  let rep3 '^a (v: a) = [v, v, v]
  let (a, b2) = twice x
  let (c, d) = twice b
  in (a, b2, c, d, rep3 1.5)

-- ==
-- entry: attributes
-- input { [1, 2, 3] 1i64 }
-- output { 6 2 [2, 3, 4] 12 }

#[noinline]
def add1 (x: i32) = x + 1

#[inline]
def mul2 (#[trace] x: i32) = x * 2

#[some_unknown_attribute(nested(x), 2, args)]
entry attributes (xs: []i32) (i: i64) =
  let s = #[sequential] reduce (+) 0 xs
  let v = #[unsafe] xs[i]
  let ys = #[incremental_flattening(only_intra)] #[noinline] map add1 xs
  let z = #[unroll] loop acc = 0 for j < 3 do acc + mul2 (j + 1)
  in (s, v, ys, z)

-- A typed hole takes any type; evaluating it is a run-time error.
-- ==
-- entry: holes
-- input { false 2i32 }
-- output { 3i32 }
-- input { true 2i32 }
-- error: hole

entry holes (b: bool) (x: i32) : i32 =
  let (p, q) : (i32, f32) = if b then ??? else (x + 1, 0)
  in p + i32.f32 q
