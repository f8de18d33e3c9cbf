-- sizes: anonymous_params, ascription, call_result, coerce, existential_flow,
-- named_param, pipe_sizes, shadow_scope, transpose_sizes. One entry point and test block
-- per program, so that each backend builds this file once (docs/testing.md).

-- anonymous_params:
-- Each `[]` in a parameter type is a size parameter of its own: `inc` keeps its argument's
-- size (so `map2` over `inc xs` and `xs` checks), and each call of `total` or `pairs`
-- instantiates it afresh, so arguments of different sizes are fine.
-- ==
-- entry: anonymous_params
-- input { [1, 2, 3] [1f32] } output { [3, 5, 7] 9 3i64 1i64 }
-- input { empty([0]i32) [1f32, 2f32] } output { empty([0]i32) 3 0i64 2i64 }

def inc (xs: []i32) = map (+ 1) xs
def total (xs: []i32) : i32 = reduce (+) 0 xs
def pairs (xs: []i32) (ys: []f32) = (length xs, length ys)

entry anonymous_params (xs: []i32) (ys: []f32) : ([]i32, i32, i64, i64) =
  let (a, b) = pairs xs ys
  in (map2 (+) (inc xs) xs, total xs + total [1, 2], a, b)

-- ascription:
-- `e : t` is checked statically: a constant size, and a call result of the right size.
-- ==
-- entry: ascription
-- input { [1, 2] } output { [1, 2, 3] [2, 4] }

def double [n] (xs: [n]i32) : [n]i32 = map (* 2) xs

entry ascription [n] (xs: [n]i32) : ([3]i32, [n]i32) =
  let a : [3]i32 = [1, 2, 3]
  in (a, (double xs : [n]i32))

-- call_result:
-- A call's result has the sizes its arguments give the callee's size parameters, so `zip`
-- and `map2` accept it together with the argument.
-- ==
-- entry: call_result
-- input { [1, 2, 3] [10, 20, 30] } output { [12, 23, 34] [2, 6, 12] }

def inc_sized [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs

entry call_result [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  let zs = inc_sized xs
  in (map2 (+) zs ys, map (\(a, b) -> a * b) (zip zs xs))

-- coerce: `:>` gives an array the size it names, checked at run time.
-- ==
-- entry: coerce
-- input { [1, 2, 3] [4, 5, 6] } output { [5, 7, 9] }
-- input { [1, 2, 3] [4, 5] } error: size

entry coerce [n] (xs: [n]i32) (ys: []i32) : [n]i32 =
  map2 (+) xs (ys :> [n]i32)

-- existential_flow:
-- The existential size of a `filter` result flows through `map`, so the two agree.
-- ==
-- entry: existential_flow
-- input { [3, -1, 4, -1, 5] } output { [3, 4, 5] [6, 8, 10] }

entry existential_flow (xs: []i32) : ([]i32, []i32) =
  let pos = filter (> 0) xs
  let doubled = map (* 2) pos
  in unzip (zip pos doubled)

-- named_param:
-- A size named by a parameter (`iota n`, `replicate n`) is the argument's size: a
-- variable or a constant.
-- ==
-- entry: named_param
-- input { 4i64 } output { [0i64, 2i64, 4i64, 6i64] 2i64 }

entry named_param (n: i64) : ([n]i64, i64) =
  let xs = iota n
  let ys = replicate n 2i64
  let c = map2 (+) (iota 3) (replicate 3 1i64)
  in (map2 (*) xs ys, c[1])

-- pipe_sizes: Sizes flow through `|>` and user-defined operators.
-- ==
-- entry: pipe_sizes
-- input { [1, 2, 3] } output { [3, 5, 7] }

def (+++) [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (+) xs ys

entry pipe_sizes [n] (xs: [n]i32) : [n]i32 =
  xs |> map (+ 1) |> map2 (+) xs |> (+++) (replicate n 0)

-- shadow_scope:
-- Sizes refer to bindings, not spellings: a shadowing `n` is a new size, used consistently
-- (and in a declared type); sizes local to a `let`, a lambda, a loop body or a function's
-- body escape as existential sizes, used through `length`.
-- ==
-- entry: shadow_scope
-- input { 3i64 } output { [1i64, 2i64, 3i64, 4i64] 5i64 [2i64, 2i64, 2i64] 6i64 10i64 }
-- input { 0i64 } output { [1i64] 2i64 empty([0]i64) 3i64 1i64 }

def f (n: i64) = let n = n + 1 in iota n

entry shadow_scope (n: i64) =
  let n = n + 1
  let xs : [n]i64 = map2 (+) (iota n) (replicate n 1)
  let ys = let m = n + 1 in iota m
  let zs = map (\_ -> let k = 2 in iota k) (iota (n - 1))
  let w = loop s = 0i64 for i < n do let r = iota (i + 1) in s + length r
  in (xs, length ys, map length zs, length (f n) + 1, w)

-- transpose_sizes:
-- Two size parameters are swapped by `transpose`; the result zips with rows of the right
-- length.
-- ==
-- entry: transpose_sizes
-- input { [[1, 2, 3], [4, 5, 6]] [10, 20] } output { [[11, 24], [12, 25], [13, 26]] }

def addcol [n] [m] (a: [n][m]i32) (v: [n]i32) : [m][n]i32 =
  map (\row -> map2 (+) row v) (transpose a)

entry transpose_sizes [n] [m] (a: [n][m]i32) (v: [n]i32) : [m][n]i32 =
  let t = addcol a v
  in map (\row -> map2 (-) row (map (* 0) v)) t
