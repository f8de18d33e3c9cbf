-- Size expressions in types (`[n+1]`, `[k-1]`, `[n*m]`): their names must be `i64` values
-- in scope; their sizes are not tracked yet (each use is a size of its own). Cases:
-- snoc_drop, grow_shrink.

def snoc [n] (xs: [n]i32) (x: i32) : [n+1]i32 = xs ++ [x]
def drop1 [k] (xs: [k]i32) : [k-1]i32 = xs[1:]
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
