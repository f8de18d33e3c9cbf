-- A map producer fuses into a reduce_stream consumer (F1 then F6): one stream_red whose
-- function maps the chunk and reduces it; inside, map and reduce fuse into one Screma.
-- Sum of 2*x+1 and the count.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] } output { 35i32 5i64 }
-- input { empty([0]i32) } output { 0i32 0i64 }
-- structure fused { StreamRed 1 StreamRed/Screma 1 }
-- structure gpu { SegMap 0 }

entry main (xs: []i32) : (i32, i64) =
  let ys = map (\x -> 2 * x + 1) xs
  in reduce_stream (\(s1, c1) (s2, c2) -> (s1 + s2, c1 + c2))
                   (\k (c: [k]i32) -> (reduce (+) 0 c, k))
                   ys
