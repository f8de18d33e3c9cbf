-- Rodinia's nn, written from its algorithm: the Euclidean distance from a query point to
-- every record (latitude, longitude), and the record nearest to it (its index and
-- distance; the lowest index on ties). Rodinia's data sets have about 5 million records.
-- ==
-- random input { f32 f32 [1000]f32 [1000]f32 } auto output
-- compiled random input { f32 f32 [5242880]f32 [5242880]f32 }

entry main [n] (lat: f32) (lng: f32) (lats: [n]f32) (lngs: [n]f32) : (i64, f32) =
  let dists = map2 (\a b -> f32.sqrt ((a - lat) * (a - lat) + (b - lng) * (b - lng))) lats lngs
  let nearer (i, d) (j, e) = if d < e || (d == e && i < j) then (i, d) else (j, e)
  in reduce nearer (-1, f32.inf) (zip (iota n) dists)
