-- Rodinia's kmeans, written from its algorithm: k-means clustering with a fixed number of
-- iterations; the first k points are the initial centres; each iteration assigns every point
-- to its nearest centre (lowest index on ties) and moves each centre to the mean of its
-- points (a centre with no points stays). Rodinia's kdd_cup set: 494020 points of 34
-- features, k = 5.
-- ==
-- random input { [200][3]f32 } auto output
-- compiled random input { [494020][34]f32 }

def k : i64 = 5
def iterations : i32 = 10

def dist [d] (a: [d]f32) (b: [d]f32) : f32 = f32.sum (map2 (\x y -> (x - y) * (x - y)) a b)

def nearest [d] (centres: [k][d]f32) (p: [d]f32) : i64 =
  let (best, _) =
    loop (best, bestd) = (0, dist centres[0] p) for c in 1..<k do
      let e = dist centres[c] p
      in if e < bestd then (c, e) else (best, bestd)
  in best

entry main [n][d] (points: [n][d]f32) : [k][d]f32 =
  loop centres = points[0:k] :> [k][d]f32 for _i < iterations do
    let membership = map (nearest centres) points
    let sums = hist (map2 (+)) (replicate d 0) k membership points
    let counts = hist (+) 0 k membership (replicate n 1i32)
    in map3 (\s cnt old -> if cnt == 0 then old else map (/ f32.i32 cnt) s) sums counts centres
