-- Operators without an atomic: a compare-and-swap loop for one 32/64-bit operand (product,
-- a user-defined operator), an atomic per component for componentwise tuple operators (count,
-- max), one thread per bucket for other tuples and small types.
-- ==
-- structure gpu { SegHist 8 }
-- entry: product
-- input { [0i64, 0i64, 2i64, 2i64, 2i64, -1i64, 3i64] [3, 4, 2, -5, 10, 7, 7] }
-- output { [12, 1, -100] }
-- entry: compound
-- input { [0i64, 0i64, 0i64, 1i64] [1i64, 2i64, 3i64, 5i64] } output { [23i64, 5i64] }
-- input { empty([0]i64) empty([0]i64) } output { [0i64, 0i64] }
-- entry: argmax
-- input { [0i64, 1i64, 0i64, 1i64, 0i64, 2i64, 4i64] [3, 9, 7, 9, 7, -1, 50] }
-- output { [7, 9, -1, -2147483648] [2i64, 1i64, 5i64, -1i64] }
-- input { empty([0]i64) empty([0]i32) }
-- output { [-2147483648, -2147483648, -2147483648, -2147483648] [-1i64, -1i64, -1i64, -1i64] }
-- entry: add_i8
-- input { [0i64, 1i64, 1i64, 2i64] [100i8, 100i8, 27i8, 1i8] } output { [100i8, 127i8] }
-- entry: any_bool
-- input { [2i64, 2i64, 0i64, -3i64] [false, true, false, true] } output { [false, false, true] }
-- entry: argmax_random
-- compiled random input { [100000]i32 } auto output
-- entry: product_f32
-- input { [0i64, 1i64, 0i64, 101i64] [500f32, 1000f32, -1000f32, 2000f32] } output { [0f32, 2f32, 1f32] }
-- compiled random input { [100000]i64 [100000]f32 } auto output
-- entry: count_max
-- input { [1i64, 1i64, 3i64, -1i64, 1i64] [5, -2, 7, 100, 9] }
-- output { [0, 3, 0, 1] [-2147483648, 9, -2147483648, 7] }
-- input { empty([0]i64) empty([0]i32) } output { [0, 0, 0, 0] [-2147483648, -2147483648, -2147483648, -2147483648] }
-- compiled random input { [100000]i64 [100000]i32 } auto output

entry product [n] (is: [n]i64) (vs: [n]i32) : []i32 = reduce_by_index (replicate 3 1) (*) 1 is vs

-- (1 + a) * (1 + b) - 1: associative and commutative, with neutral element 0.
entry compound [n] (is: [n]i64) (vs: [n]i64) : []i64 =
  reduce_by_index (replicate 2 0) (\a b -> a + b + a * b) 0 is vs

-- Per bucket, the largest value and, among equal values, the smallest index.
def argmax_op (a: i32, i: i64) (b: i32, j: i64) : (i32, i64) =
  if a > b || (a == b && i < j) then (a, i) else (b, j)

entry argmax [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i64) =
  let ne = (i32.lowest, -1i64)
  in unzip (reduce_by_index (replicate 4 ne) argmax_op ne is (zip vs (indices vs)))

entry add_i8 [n] (is: [n]i64) (vs: [n]i8) : []i8 = reduce_by_index (replicate 2 0) (+) 0 is vs

entry any_bool [n] (is: [n]i64) (vs: [n]bool) : []bool =
  reduce_by_index (replicate 3 false) (||) false is vs

-- Random values in [-1000, 1000], bucket = value mod 10.
entry argmax_random (xs: []i32) : ([]i32, []i64) =
  let ne = (i32.lowest, -1i64)
  let is = map (\x -> i64.i32 (x % 10)) xs
  in unzip (reduce_by_index (replicate 10 ne) argmax_op ne is (zip xs (indices xs)))

-- f32 multiplication (a compare-and-swap loop on floats; the order of the products differs
-- from the interpreter's, within the tolerance). Values 1 + v / 1000 keep products of a
-- thousand of them near e^0.5; buckets at index mod 103, so 100 .. 102 are ignored.
entry product_f32 [n] (is: [n]i64) (vs: [n]f32) : []f32 =
  reduce_by_index (replicate (if n < 10 then 3 else 100) 1) (*) 1 (map (% 103) is)
                  (map (\v -> 1 + v / 1000) vs)

-- A tuple operator working componentwise, (count, max): an atomic add and an atomic max.
entry count_max [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i32) =
  let op (c1: i32, m1: i32) (c2: i32, m2: i32) = (c1 + c2, i32.max m1 m2)
  let ne = (0, i32.lowest)
  let w = if n < 10 then 4 else 16
  in unzip (reduce_by_index (replicate w ne) op ne is (map (\v -> (1, v)) vs))
