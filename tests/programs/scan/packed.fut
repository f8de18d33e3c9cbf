-- Scans whose one value of at most 32 bits travels through the look-back packed with its
-- tile status in one i64 word (value * 4 + status, Note [Single-pass scan]): negative,
-- unsigned and narrow values must come back unchanged, over enough tiles (8192 elements
-- each by default) that the look-back windows of 32 tiles slide.
--   last_nonzero: the latest non-zero element so far (0 before any), an operator that is
--     associative but not commutative.
--   min_i32: the running minimum of values of both signs.
--   sum_i8: wrapping i8 sums.
--   max_u32: the running maximum of unsigned values above 2^31.
--   any_neg: whether a negative element was seen (bool).
-- ==
-- entry: last_nonzero
-- input { [0, -3, 0, 5, 0, -7] } output { [0, -3, -3, 5, 5, -7] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- compiled random input { [300003]i32 } auto output
-- entry: min_i32
-- input { [4, -2, 7, -9, 1] } output { [4, -2, -2, -9, -9] }
-- compiled random input { [1000001]i32 } auto output
-- entry: sum_i8
-- input { [100i8, 100i8, -56i8, 1i8] } output { [100i8, -56i8, -112i8, -111i8] }
-- compiled random input { [300001]i8 } auto output
-- entry: max_u32
-- input { [1u32, 4000000000u32, 3u32] } output { [1u32, 4000000000u32, 4000000000u32] }
-- compiled random input { [300001]u32 } auto output
-- entry: any_neg
-- input { [1, 2, -1, 3] } output { [false, false, true, true] }
-- compiled random input { [262145]i32 } auto output

entry last_nonzero (xs: []i32) : []i32 = scan (\a b -> if b == 0 then a else b) 0 xs

entry min_i32 (xs: []i32) : []i32 = scan i32.min i32.highest xs

entry sum_i8 (xs: []i8) : []i8 = scan (+) 0 xs

entry max_u32 (xs: []u32) : []u32 = scan u32.max 0 xs

entry any_neg (xs: []i32) : []bool = scan (||) false (map (< 0) xs)
