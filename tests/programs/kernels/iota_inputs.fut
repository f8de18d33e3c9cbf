-- Kernels compute the elements of iota and range inputs from the thread index (start +
-- gtid * stride) instead of reading an iota array, which is then not built at all.
-- ==
-- entry: squares
-- input { 5i64 } output { [1i64, 2i64, 5i64, 10i64, 17i64] }
-- input { 0i64 } output { empty([0]i64) }
-- structure gpu { Iota 0 Index 0 SegMap 1 }

-- ==
-- entry: stepped
-- input { 20 } output { [6, 16, 26, 36] }
-- input { 4 } output { [6] }
-- structure gpu { Iota 0 Index 0 SegMap 1 }

-- ==
-- entry: from
-- input { 2 3 11 } output { [6, 15, 24, 33] }
-- input { -4 -2 -8 } output { [-12, -18, -24] }
-- structure gpu { Iota 0 Index 0 SegMap 1 }

-- ==
-- entry: argmin
-- input { [5, 3, 9, 3, 7] } output { 1i64 }
-- structure gpu { Iota 0 SegRed 1 }

entry squares (n: i64) : []i64 = map (\i -> i * i + 1) (iota n)

entry stepped (k: i32) : []i32 = map (\i -> i * 2) (3..8..<k)

entry from (a: i32) (d: i32) (k: i32) : []i32 = map (\i -> i * 3) (a..(a + d)..k)

entry argmin [n] (xs: [n]i32) : i64 =
  let (_, i) = reduce (\(x, i) (y, j) -> if x < y || (x == y && i < j) then (x, i) else (y, j))
                      (i32.highest, -1) (zip xs (iota n))
  in i

-- A host loop over a range counts from its start: its elements are not read back from a
-- range array on every step.
-- ==
-- entry: steps_from
-- input { [1, 2, 3] 4i64 } output { [7, 8, 9] }
-- input { [1, 2, 3] 1i64 } output { [1, 2, 3] }
-- structure gpu { Iota 0 Loop 1 SegMap 1 }

entry steps_from (xs: []i32) (k: i64) : []i32 =
  loop ys = xs for s in 1..<k do map (+ i32.i64 s) ys
