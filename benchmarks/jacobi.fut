-- Workload 7: 100 steps of the 5-point Jacobi stencil on an 8192 x 8192 f32 grid, indices
-- clamped to the grid: out[i][j] = 0.2 (u[i][j] + u[i-1][j] + u[i+1][j] + u[i][j-1] +
-- u[i][j+1]). One call is all 100 steps.
-- ==
-- random input { [20][30]f32 } auto output
-- compiled random input { [8192][8192]f32 }

entry main [n][m] (grid: [n][m]f32) : [n][m]f32 =
  loop u = grid for _step < 100 do
    tabulate_2d n m (\i j ->
      let up = i64.max 0 (i - 1)
      let down = i64.min (n - 1) (i + 1)
      let left = i64.max 0 (j - 1)
      let right = i64.min (m - 1) (j + 1)
      in 0.2 * (u[i, j] + u[up, j] + u[down, j] + u[i, left] + u[i, right]))
