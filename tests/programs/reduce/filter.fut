-- A filter whose result only a reduction reads fuses into it (Note [Filter into reduce]):
-- dropped elements become the neutral element, so there is one Screma and no scatter.
-- Sizes that are not multiples of the block size exercise both stage-1 paths: the
-- commutative (+) strides through the input, the matrix product keeps chunks in order.
-- ==
-- entry: sum
-- input { [1, 5, 2, 7, 3] } output { 15 }
-- input { empty([0]i32) } output { 0 }
-- input { [1, 2, -4] } output { 0 }
-- compiled random input { [100003]i32 } auto output
-- structure fused { Screma 1 Scatter 0 }
-- entry: mapped
-- input { [1, 2, 3, 4, 10] } output { 32i64 }
-- input { empty([0]i32) } output { 0i64 }
-- input { [1, 3] } output { 0i64 }
-- structure fused { Screma 1 Scatter 0 }
-- entry: pairs
-- input { [1, -2, 3, 4] [0.25f32, 0.1f32, 0.75f32, 0.4f32] } output { 5 0.1f32 }
-- input { empty([0]i32) empty([0]f32) } output { 0 1f32 }
-- structure fused { Screma 1 Scatter 0 }
-- entry: product
-- input { [2, 0, 3, -1] } output { -5 7 -2 3 }
-- input { empty([0]i32) } output { 1 0 0 1 }
-- input { [0, 0] } output { 1 0 0 1 }
-- compiled random input { [100003]i32 } auto output
-- structure fused { Screma 1 Scatter 0 }
-- entry: counted
-- input { [3, -1, 4] } output { 7 2i64 }
-- input { empty([0]i32) } output { 0 0i64 }
-- structure fused { Scatter 0 }

entry sum (xs: []i32) : i32 = reduce (+) 0 (filter (\x -> x > 2) xs)

-- A map between the filter and the reduction (fused into the scatter first).
entry mapped (xs: []i32) : i64 =
  reduce (+) 0 (map (\x -> i64.i32 x * 2) (filter (\x -> x % 2 == 0) xs))

-- Two reductions of one filter over a zip.
entry pairs [n] (xs: [n]i32) (ys: [n]f32) : (i32, f32) =
  let (a, b) = unzip (filter (\(x, y) -> x > 0 && y < 0.5) (zip xs ys))
  in (reduce (+) 0 a, reduce (*) 1 b)

-- An associative, non-commutative operator: the product of the matrices [[x, 1], [1, 0]]
-- of the non-zero elements, in order.
entry product (xs: []i32) : (i32, i32, i32, i32) =
  let ms = map (\x -> (x, 1, 1, 0)) (filter (\x -> x != 0) xs)
  in reduce (\(a, b, c, d) (e, f, g, h) -> (a*e + b*g, a*f + b*h, c*e + d*g, c*f + d*h))
            (1, 0, 0, 1) ms

-- The filtered length is used too: the scan stays, the scatter goes.
entry counted (xs: []i32) : (i32, i64) =
  let ys = filter (> 0) xs in (reduce (+) 0 ys, length ys)

-- ==
-- entry: updated_after
-- input { [1, 5, 2, 7] } output { 12 [5, 5, 2, 7] }
-- structure fused { Scatter 1 }

-- The filtered array is updated in place before the reduction: the reduction cannot read it
-- instead of the filter's result, so the filter keeps its scatter.
entry updated_after [n] (xs: *[n]i32) : (i32, [n]i32) =
  let k = filter (> 2) xs
  let xs' = xs with [0] = 5
  in (reduce (+) 0 k, xs')
