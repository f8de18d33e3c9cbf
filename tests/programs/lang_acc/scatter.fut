-- scatter_stream: a function with an accumulator over a copy of the destination writes to
-- it for each element of the input; writes out of bounds are ignored. Internalised as a
-- scatter per write (Note [Accumulators] in internalise/InternaliseAcc.cpp).
-- ==
-- entry: single
-- input { [1f32, 2f32, 3f32, 4f32] [2i64, -1i64, 0i64, 4i64] [10f32, 20f32, 30f32, 40f32] }
-- output { [30f32, 2f32, 10f32, 4f32] }
-- input { empty([0]f32) [0i64] [1f32] } output { empty([0]f32) }
-- input { [5f32, 6f32] empty([0]i64) empty([0]f32) } output { [5f32, 6f32] }
-- structure core { Scatter 1 }

type~ acc 't = intrinsics.acc t

def write [n] 't (acc: *acc ([n]t)) (i: i64) (v: t) : *acc ([n]t) =
  intrinsics.acc_write acc i v

-- One write per element: what `scatter` does.
entry single [n] (dest: *[]f32) (is: [n]i64) (vs: [n]f32) : []f32 =
  intrinsics.scatter_stream dest (\(acc: *acc ([]f32)) (i, v) -> write acc i v) (zip is vs)

-- Two writes per element: i writes i at 2i and 10i at 2i+1; the writes of i = 5 (indices
-- 10 and 11) fall outside the ten elements.
-- ==
-- entry: pairs
-- input { [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1] 6i64 }
-- output { [0, 0, 1, 10, 2, 20, 3, 30, 4, 40] }
-- input { [7, 8, 9] 1i64 } output { [0, 0, 9] }
-- input { [7, 8, 9] 0i64 } output { [7, 8, 9] }
-- structure core { Scatter 2 }

def twice (acc: *acc ([]i32)) (i: i64) : *acc ([]i32) =
  let acc = write acc (i * 2) (i32.i64 i)
  in write acc (i * 2 + 1) (i32.i64 (i * 10))

entry pairs (xs: *[]i32) (n: i64) : []i32 =
  intrinsics.scatter_stream xs twice (iota n)

-- A write under an `if` that returns the accumulator: only positive values are written,
-- at their index in the input (the other branch writes nothing).
-- ==
-- entry: positives
-- input { [0, 0, 0, 0, 0] [3, -1, 4, -5, 9] } output { [3, 0, 4, 0, 9] }
-- input { [1, 2] [-1, -2] } output { [1, 2] }

entry positives [n] (dest: *[]i32) (xs: [n]i32) : []i32 =
  intrinsics.scatter_stream dest
    (\(acc: *acc ([]i32)) (i, x) -> if x > 0 then write acc i x else acc)
    (zip (iota n) xs)

-- Branches with different numbers of writes: an even i writes -i at i, an odd one writes
-- 100 at i and 200 at i+6.
-- ==
-- entry: uneven
-- input { [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9] }
-- output { [0, 100, -2, 100, -4, 100, 9, 200, 9, 200, 9, 200] }

entry uneven (dest: *[]i32) : []i32 =
  intrinsics.scatter_stream dest
    (\(acc: *acc ([]i32)) (i: i64) ->
       if i % 2 == 0 then write acc i (i32.i64 (-i))
       else let acc = write acc i 100 in write acc (i + 6) 200)
    (iota 6)

-- Futhark's older form takes the arguments as one tuple; the accumulator's type is
-- written `intrinsics.acc` directly.
-- ==
-- entry: tupled
-- input { [0i64, 0i64, 0i64, 0i64] [3i64, 1i64] } output { [0i64, 1i64, 0i64, 3i64] }

entry tupled (dest: *[]i64) (is: []i64) : []i64 =
  intrinsics.scatter_stream (dest, \(acc: *intrinsics.acc ([]i64)) i -> intrinsics.acc_write (acc, i, i), is)

-- Rows of a matrix: element i writes the row [i, i] at row 2 - i.
-- ==
-- entry: rows
-- input { [[0, 0], [0, 0], [0, 0]] } output { [[2, 2], [1, 1], [0, 0]] }

entry rows [m] (dest: *[m][2]i32) : [m][2]i32 =
  intrinsics.scatter_stream dest
    (\(acc: *acc ([m][2]i32)) (i: i64) -> write acc (2 - i) [i32.i64 i, i32.i64 i])
    (iota 3)

-- A scatter_stream per row of an outer map: row r starts as r everywhere, and i < k
-- writes i at 2i.
-- ==
-- entry: per_row
-- input { 3i64 4i64 2i64 }
-- output { [[0, 0, 1, 0], [0, 1, 1, 1], [0, 2, 1, 2]] }

def mark (acc: *acc ([]i32)) (i: i64) : *acc ([]i32) = write acc (i * 2) (i32.i64 i)

entry per_row (n: i64) (m: i64) (k: i64) : [n][m]i32 =
  tabulate n (\r -> intrinsics.scatter_stream (replicate m (i32.i64 r)) mark (iota k) :> [m]i32)
