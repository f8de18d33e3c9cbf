-- Rodinia's srad, written from its algorithm: speckle reducing anisotropic diffusion of an
-- image. Each iteration estimates the speckle scale q0² from the image's mean and variance,
-- computes every pixel's diffusion coefficient from its gradient and Laplacian (borders
-- clamped), then moves each pixel by the divergence of the coefficient-weighted gradients
-- (a coefficient from the pixel itself for north and west, from its south and east
-- neighbours for those). The image is first mapped through exp, as Rodinia does with its
-- 8-bit input. Rodinia's default: a 502 x 458 image, 100 iterations, lambda 0.5.
-- ==
-- random input { [10][12]f32 } auto output
-- compiled random input { [502][458]f32 }

def iterations : i32 = 100
def lambda : f32 = 0.5

entry main [rows][cols] (image: [rows][cols]f32) : [rows][cols]f32 =
  let size = f32.i64 (rows * cols)
  in loop j = map (map f32.exp) image for _i < iterations do
       let total = f32.sum (flatten j)
       let total_sq = f32.sum (map (\x -> x * x) (flatten j))
       let mean = total / size
       let variance = total_sq / size - mean * mean
       let q0sqr = variance / (mean * mean)
       let at i k = j[i64.min (rows - 1) (i64.max 0 i), k]
       let gradients i k =
         let c = j[i, k]
         in (at (i - 1) k - c, at (i + 1) k - c,
             j[i, i64.max 0 (k - 1)] - c, j[i, i64.min (cols - 1) (k + 1)] - c)
       let coefficient = tabulate_2d rows cols (\i k ->
         let c = j[i, k]
         let (dn, ds, dw, de) = gradients i k
         let g2 = (dn * dn + ds * ds + dw * dw + de * de) / (c * c)
         let l = (dn + ds + dw + de) / c
         let num = 0.5 * g2 - l * l / 16
         let den = 1 + 0.25 * l
         let qsqr = num / (den * den)
         let d = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
         in f32.max 0 (f32.min 1 (1 / (1 + d))))
       in tabulate_2d rows cols (\i k ->
            let (dn, ds, dw, de) = gradients i k
            let c = coefficient[i, k]
            let cs = coefficient[i64.min (rows - 1) (i + 1), k]
            let ce = coefficient[i, i64.min (cols - 1) (k + 1)]
            let divergence = c * dn + cs * ds + c * dw + ce * de
            in j[i, k] + 0.25 * lambda * divergence)
