-- Parboil's stencil, written from its algorithm: Jacobi iterations of a 7-point stencil on a
-- 3-D grid; each interior cell becomes c1 times the sum of its six neighbours minus c0 times
-- itself, and boundary cells keep their values. Parboil's default: 512 x 512 x 64, 100
-- iterations (here 512 x 512 x 64, 20 iterations).
-- ==
-- random input { [6][7][8]f32 } auto output
-- compiled random input { [64][512][512]f32 }

def iterations : i32 = 20
def c0 : f32 = 1.0 / 6.0
def c1 : f32 = 1.0 / 6.0 / 6.0

entry main [d][r][c] (grid: [d][r][c]f32) : [d][r][c]f32 =
  loop g = grid for _i < iterations do
    tabulate_3d d r c (\i j k ->
      if i == 0 || i == d - 1 || j == 0 || j == r - 1 || k == 0 || k == c - 1 then g[i, j, k]
      else c1 * (g[i - 1, j, k] + g[i + 1, j, k] + g[i, j - 1, k] + g[i, j + 1, k]
                 + g[i, j, k - 1] + g[i, j, k + 1])
           - c0 * g[i, j, k])
