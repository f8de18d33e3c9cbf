-- Scans whose operators are not commutative or combine tuples, at sizes that cross the
-- tiles of Note [Single-pass scan] (4096 elements of one i32 with the default tuning,
-- fewer for tuples): a tile combined out of order, or a look-back that skipped or repeated
-- a tile, would change the results.
--   matmul: 2x2 matrices (a b; c d) as four arrays, multiplied in order (wrapping i32
--     arithmetic is associative). [[1,1],[0,1]] then [[1,0],[1,1]] gives [[2,1],[1,1]],
--     then [[2,0],[0,1]] gives [[4,1],[2,1]].
--   last_positive: the latest positive element so far, with its index (-1 before any): a
--     tuple operator that keeps its right operand when it holds one.
--   sums_f32: floats summed in another order than the interpreter's, within the tolerance.
--   last_nonzero_f32: the latest non-zero float so far (inputs in (0, 0.75) count as zero, so
--     that random inputs leave runs of them); its f32 input is loaded four at a time (Note
--     [Vector tiles]).
-- ==
-- entry: matmul
-- input { [1, 1, 2] [1, 0, 0] [0, 1, 0] [1, 1, 1] }
-- output { [1, 2, 4] [1, 1, 1] [0, 1, 2] [1, 1, 1] }
-- input { [3] [1] [4] [1] } output { [3] [1] [4] [1] }
-- input { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
-- compiled random input { [1023]i32 [1023]i32 [1023]i32 [1023]i32 } auto output
-- compiled random input { [1025]i32 [1025]i32 [1025]i32 [1025]i32 } auto output
-- compiled random input { [100001]i32 [100001]i32 [100001]i32 [100001]i32 } auto output
-- entry: last_positive
-- input { [-1, 5, -2, 7, -3] }
-- output { [0, 5, 5, 7, 7] [-1i64, 1i64, 1i64, 3i64, 3i64] }
-- compiled random input { [4097]i32 } auto output
-- compiled random input { [123457]i32 } auto output
-- entry: sums_f32
-- input { [0.5f32, 0.25f32, 0.125f32] } output { [1f32, 1.5f32, 1.75f32] }
-- compiled random input { [1000001]f32 } auto output
-- entry: last_nonzero_f32
-- input { [0f32, 2.5f32, 0f32, -1f32, 0f32] } output { [0f32, 2.5f32, 2.5f32, -1f32, -1f32] }
-- input { [0f32] } output { [0f32] }
-- compiled random input { [8193]f32 } auto output
-- compiled random input { [100001]f32 } auto output

entry matmul [n] (as: [n]i32) (bs: [n]i32) (cs: [n]i32) (ds: [n]i32)
    : ([n]i32, [n]i32, [n]i32, [n]i32) =
  unzip4 (scan (\(a, b, c, d) (e, f, g, h) ->
                  (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h))
               (1, 0, 0, 1) (zip4 as bs cs ds))

entry last_positive [n] (xs: [n]i32) : ([n]i32, [n]i64) =
  unzip (scan (\(x, i) (y, j) -> if j >= 0 then (y, j) else (x, i))
              (0, -1)
              (map2 (\x i -> if x > 0 then (x, i) else (0, -1)) xs (iota n)))

entry sums_f32 (xs: []f32) : []f32 = scan (+) 0 (map (\x -> x * 2) xs)

entry last_nonzero_f32 (xs: []f32) : []f32 =
  scan (\x y -> if y != 0 then y else x) 0 (map (\x -> if x < 0.75 && x > 0 then 0 else x) xs)
