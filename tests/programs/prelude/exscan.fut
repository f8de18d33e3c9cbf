-- `exscan`: the exclusive prefix scan of the prelude; element i combines the elements
-- before i, and the first element is the neutral element.
-- ==
-- entry: sums
-- input { [3, 1, 4, 1, 5] } output { [0, 3, 4, 8, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- input { [7] } output { [0] }

entry sums (xs: []i32) = exscan (+) 0 xs

-- ==
-- entry: maxima
-- input { [2f32, 9f32, 4f32] } output { [-1f32, 2f32, 9f32] }

-- A neutral element other than zero, and an operator other than addition.
entry maxima (xs: []f32) = exscan f32.max (-1f32) xs

-- ==
-- entry: pairs
-- input { [1i64, 2i64, 3i64] } output { [0i64, 1i64, 3i64] [1i64, 1i64, 2i64] }

-- Tuples: the sums and the products of what comes before.
entry pairs (xs: []i64) =
  unzip (exscan (\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (map (\x -> (x, x)) xs))
