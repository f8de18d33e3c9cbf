-- Stream-stream fusion (F6): a map_stream feeding a reduce_stream becomes one stream_red
-- (its per-chunk map and sum fuse too); two reduce_streams over one input fuse
-- horizontally; a reduce consuming a map_stream becomes part of it (F3, then F6) while the
-- mapped array stays a result.
-- ==
-- entry: map_then_reduce
-- input { [1i64, 2i64, 3i64, 4i64] } output { 40i64 }
-- input { empty([0]i64) } output { 0i64 }
-- structure fused { StreamRed 1 StreamMap 0 StreamRed/Screma 1 }

-- ==
-- entry: two_reductions
-- input { [1i64, -2i64, 3i64, 4i64] } output { 6i64 4i64 }
-- input { empty([0]i64) } output { 0i64 -9223372036854775808i64 }
-- structure fused { StreamRed 1 }

-- ==
-- entry: reduce_after_map_stream
-- input { [1i64, 2i64, 3i64] } output { [2i64, 4i64, 6i64] 12i64 }
-- input { empty([0]i64) } output { empty([0]i64) 0i64 }
-- structure fused { StreamMap 0 StreamRed 1 }

-- Uses a per-chunk iota, but element i is always 4 * xs[i].
entry map_then_reduce (xs: []i64) : i64 =
  let ys = map_stream (\k (c: [k]i64) -> map2 (\i x -> x * 4 + i - i) (iota k) c) xs
  in reduce_stream (+) (\_ c -> i64.sum c) ys

entry two_reductions (xs: []i64) : (i64, i64) =
  let s = reduce_stream (+) (\_ c -> i64.sum c) xs
  let m = reduce_stream i64.max (\_ c -> i64.maximum c) xs
  in (s, m)

entry reduce_after_map_stream (xs: []i64) : ([]i64, i64) =
  let ys = map_stream (\k (c: [k]i64) -> map (* 2) c) xs
  in (ys, reduce (+) 0 ys)
