-- reduce_stream computing a sum and a count at once (per chunk: the chunk's sum and its
-- size), and reduce_stream_per computing a maximum.
-- ==
-- entry: sum_count
-- input { [3i32, -1i32, 10i32, 4i32, 2i32] } output { 18i32 5i64 }
-- input { [7i32] } output { 7i32 1i64 }
-- input { empty([0]i32) } output { 0i32 0i64 }
-- structure core { StreamRed 1 }

-- ==
-- entry: maximum
-- input { [3i32, -1i32, 10i32, 4i32, 2i32] } output { 10i32 }
-- input { empty([0]i32) } output { -2147483648i32 }

entry sum_count (xs: []i32) : (i32, i64) =
  reduce_stream (\(s1, c1) (s2, c2) -> (s1 + s2, c1 + c2))
                (\k (c: [k]i32) -> (reduce (+) 0 c, k))
                xs

entry maximum (xs: []i32) : i32 =
  reduce_stream_per i32.max (\_ c -> reduce i32.max i32.lowest c) xs
