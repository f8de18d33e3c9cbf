-- Loops carrying arrays in memory that changes between iterations: each iteration's new
-- block replaces the previous one (which is freed); the first is a copy of the initial
-- array. `alternate` changes its array every other iteration and passes it on unchanged
-- otherwise; `squares` updates one array in place next to one replaced each iteration.
-- ==
-- entry: main
-- input { 3i64 [1, 2, 3] } output { [4, 5, 6] }
-- input { 0i64 [1, 2, 3] } output { [1, 2, 3] }
-- input { 2i64 empty([0]i32) } output { empty([0]i32) }
-- entry: alternate
-- input { 3i64 [1, 2, 3] } output { [3, 4, 5] }
-- input { 4i64 [0] } output { [2] }
-- entry: squares
-- input { 4i64 } output { [0, 1, 4, 9] [4, 4, 4, 4] }

entry main (n: i64) (xs: []i32) : []i32 = loop acc = xs for _i < n do map (+1) acc

entry alternate (n: i64) (xs: []i32) : []i32 =
  loop acc = xs for i < n do if i % 2 == 0 then map (+1) acc else acc

entry squares (n: i64) : ([]i32, []i32) =
  loop (sq, ones) = (replicate n 0, replicate n 0) for i < n do
    (sq with [i] = i32.i64 (i * i), map (+1) ones)
