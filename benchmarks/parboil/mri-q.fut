-- Parboil's mri-q, written from its algorithm: the Q matrix of non-Cartesian MRI
-- reconstruction. Every voxel x sums, over the k-space samples k, the sample's magnitude
-- |phi_k|² times cos and sin of 2π (k · x). Parboil's large dataset: 2048 samples, 262144
-- voxels.
-- ==
-- random input { [32]f32 [32]f32 [32]f32 [32]f32 [32]f32 [64]f32 [64]f32 [64]f32 } auto output
-- compiled random input { [2048]f32 [2048]f32 [2048]f32 [2048]f32 [2048]f32 [262144]f32 [262144]f32 [262144]f32 }

entry main [k][v] (kx: [k]f32) (ky: [k]f32) (kz: [k]f32) (phi_r: [k]f32) (phi_i: [k]f32)
               (x: [v]f32) (y: [v]f32) (z: [v]f32) : ([v]f32, [v]f32) =
  let magnitude = map2 (\r i -> r * r + i * i) phi_r phi_i
  let q (px: f32) (py: f32) (pz: f32) =
    let terms = map4 (\m a b c -> let angle = 2 * f32.pi * (a * px + b * py + c * pz)
                                  in (m * f32.cos angle, m * f32.sin angle))
                     magnitude kx ky kz
    in reduce (\(r1, i1) (r2, i2) -> (r1 + r2, i1 + i2)) (0, 0) terms
  in unzip (map3 q x y z)
