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
