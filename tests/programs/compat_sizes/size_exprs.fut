-- Size expressions in types (`[n+1]`, `[k-1]`, `[n*m]`): their names must be `i64` values
-- in scope; they are normalised (`[1+n]` is `[n+1]`), a call puts its arguments' sizes into
-- them, and a declared result size is computed from the arguments. Cases: snoc_drop,
-- grow_shrink, tracked, iota_plus, flatten_twice, abbrev, coerce_expr, bad_result.

def snoc [n] (xs: [n]i32) (x: i32) : [n+1]i32 = xs ++ [x]
def drop1 [k] (xs: [k]i32) : [k-1]i32 = xs[1:] :> [k-1]i32
def grid (n: i64) (m: i64) : [n*m]i64 = iota (n * m)

-- snoc_drop:
-- ==
-- entry: snoc_drop
-- input { [1, 2] } output { [1, 2, 7] [2] 6i64 }
-- input { [5] } output { [5, 7] empty([0]i32) 6i64 }

entry snoc_drop (xs: []i32) : ([]i32, []i32, i64) =
  (snoc xs 7, drop1 xs, length (grid 2 3))

-- grow_shrink:
-- A result of a size expression flows into a function with a size parameter.
-- ==
-- entry: grow_shrink
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64] 3i64 }

def grow (n: i64) : [n+1]i64 = iota (n + 1)
def count [k] (_: [k]i64) : i64 = k

entry grow_shrink (n: i64) : ([]i64, i64) =
  let g = grow n
  in (g, count (map i64.i32 (drop1 (map i32.i64 g))))

-- tracked:
-- Two calls with the same argument have the same size `n+1`, and `[x] ++ xs` has size
-- `1+n`, the same size: `map2` accepts them.
-- ==
-- entry: tracked
-- input { [1, 2] } output { [12, 5, 23] }

entry tracked [n] (xs: [n]i32) : [n+1]i32 =
  let front : [1+n]i32 = [10] ++ xs
  in map2 (+) (map2 (+) (snoc xs 1) (snoc xs 20)) front

-- iota_plus:
-- `iota (n+1)` has size `n+1`, `concat` of `[n]` and `[m]` has size `n+m`.
-- ==
-- entry: iota_plus
-- input { [3, 4] [5] } output { [3i64, 5i64, 7i64] [5i64, 4i64, 6i64] }

entry iota_plus [n] [m] (xs: [n]i32) (ys: [m]i32) : ([n+m]i64, [m+n]i64) =
  let zs = map i64.i32 (concat xs ys)
  let a = map2 (+) (iota (n + m)) zs
  in (a, map2 (+) (iota (m+n)) (map i64.i32 (ys ++ xs)) :> [m+n]i64)

-- flatten_twice:
-- `flatten` of a `[2][n]` array has size `2*n`, the size of `xs ++ xs`.
-- ==
-- entry: flatten_twice
-- input { [1, 2, 3] } output { [2, 4, 6, 2, 4, 6] }

entry flatten_twice [n] (xs: [n]i32) : [2*n]i32 =
  map2 (+) (flatten (replicate 2 xs)) (xs ++ xs)

-- abbrev:
-- A type abbreviation with a size parameter used in a size expression.
-- ==
-- entry: abbrev
-- input { [4, 5] } output { [4, 5, 0] 3i64 }

type padded [k] = [k+1]i32

def pad [n] (xs: [n]i32) : padded [n] = xs ++ [0]

entry abbrev [n] (xs: [n]i32) : (padded [n], i64) =
  let p = pad xs
  in (p, length (map2 (+) p (snoc xs 9)))

-- coerce_expr:
-- `:>` to a size expression is checked at run time.
-- ==
-- entry: coerce_expr
-- input { [1, 2] 2i64 } output { [1, 2, 1, 2] }
-- input { [1, 2] 3i64 } error: size mismatch

entry coerce_expr [n] (xs: [n]i32) (m: i64) : [m*2]i32 =
  (xs ++ xs) :> [m*2]i32

-- bad_result:
-- A function whose body does not have its declared result size fails at run time.
-- ==
-- entry: bad_result
-- input { [1, 2] } error: size mismatch

def claim [n] (xs: [n]i32) : [n+1]i32 = xs :> [n+1]i32

entry bad_result (xs: []i32) : []i32 = claim xs

-- slices:
-- `xs[i:j]` has size `j-i`, `xs[1:]` size `n-1`, `xs[:k]` size `k`, `xs[::-1]` size `n`.
-- ==
-- entry: slices
-- input { [1, 2, 3, 4] 3i64 } output { [3, 5, 7] [5, 5, 5, 5] [1, 2, 3] }

entry slices [n] (xs: [n]i32) (k: i64) : ([n-1]i32, [n]i32, [k]i32) =
  let a = map2 (+) xs[1:] xs[:n-1]
  let b = map2 (+) xs xs[::-1]
  let c = map2 (+) xs[0:k] (replicate k 0)
  in (a, b, c)
