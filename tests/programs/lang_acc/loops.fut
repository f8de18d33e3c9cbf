-- A `for` loop whose only loop parameter is the accumulator is a map over its iterations:
-- its writes become arrays, flattened into one scatter or histogram with the stream's
-- (Note [Accumulators] in internalise/InternaliseAcc.cpp).
-- ==
-- entry: rows_of
-- input { [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]] [[1i64, -1i64], [0i64, 3i64]] }
-- output { [[1, 2, 3], [1, 2, 3], [0, 0, 0], [1, 2, 3]] }
-- structure core { Scatter 1 }

type~ acc 't = intrinsics.acc t

def write [n] 't (acc: *acc ([n]t)) (i: i64) (v: t) : *acc ([n]t) =
  intrinsics.acc_write acc i v

-- Every index of every row of `is` gets the row [1, 2, 3].
entry rows_of [k] (dest: *[][3]i32) (is: [][k]i64) : [][3]i32 =
  intrinsics.scatter_stream dest
    (\(acc: *acc ([][3]i32)) (row: [k]i64) -> loop acc for i in row do write acc i [1, 2, 3])
    is

-- A counting loop beside a plain write, and an `if` in the loop: element x adds 1 to the
-- buckets x, x+1, ..., x+k-1 that are even, and 100 to bucket 0.
-- ==
-- entry: ranges
-- input { 3i64 [0i64, 2i64, 5i64] } output { [301, 0, 2, 0, 1, 0, 1, 0] }

entry ranges (k: i64) (xs: []i64) : [8]i32 =
  intrinsics.hist_stream (replicate 8 0) (+) 0
    (\(acc: *acc ([8]i32)) x ->
       let acc = loop acc for j < k do
                   if (x + j) % 2 == 0 then write acc (x + j) 1 else acc
       in write acc 0 100)
    xs

-- Nested loops: element x writes x at every (i * 4 + j) for i < 2, j < 2 (x = 0 or 1
-- shifts by 2).
-- ==
-- entry: nested
-- input { [7, 7, 7, 7, 7, 7, 7, 7] } output { [0, 0, 1, 1, 0, 0, 1, 1] }

entry nested (dest: *[8]i32) : [8]i32 =
  intrinsics.scatter_stream dest
    (\(acc: *acc ([8]i32)) (x: i64) ->
       loop acc for i < 2 do
         loop acc for j < 2 do write acc (i * 4 + j + 2 * x) (i32.i64 x))
    (iota 2)
