-- Stencils in two-dimensional blocks (Note [Stencil blocks] in imp/LowerStencil.cpp): a
-- tabulate_2d or map nest reading a neighbourhood of its point runs in blocks of 32 columns
-- by block_size / 32 rows of threads, four points per thread a block height apart. Sizes
-- of 0, 1 and not multiples of 32 columns or of a block's rows; clamped and wrapping
-- borders; several results and inputs.
-- ==
-- entry: jacobi
-- random input { [37][45]f32 } auto output
-- input { [[1f32]] } output { [[1f32]] }
-- input { [[1f32, 2f32, 3f32]] } output { [[1.2f32, 2f32, 2.8f32]] }
-- input { empty([0][4]f32) } output { empty([0][4]f32) }
-- input { empty([3][0]f32) } output { empty([3][0]f32) }
-- random input { [1][70]f32 } auto output
-- random input { [130][33]f32 } auto output
-- random input { [19][1]f32 } auto output

entry jacobi [n][m] (u: [n][m]f32) : [n][m]f32 =
  tabulate_2d n m (\i j ->
    let up = i64.max 0 (i - 1)
    let down = i64.min (n - 1) (i + 1)
    let left = i64.max 0 (j - 1)
    let right = i64.min (m - 1) (j + 1)
    in 0.2 * (u[i, j] + u[up, j] + u[down, j] + u[i, left] + u[i, right]))

-- Several steps in a loop, as the benchmark runs them.
-- ==
-- entry: jacobi_steps
-- random input { 3i64 [45][67]f32 } auto output
-- input { 0i64 [[1f32, 2f32], [3f32, 4f32]] } output { [[1f32, 2f32], [3f32, 4f32]] }

entry jacobi_steps [n][m] (steps: i64) (grid: [n][m]f32) : [n][m]f32 =
  loop u = grid for _s < steps do
    tabulate_2d n m (\i j ->
      let up = i64.max 0 (i - 1)
      let down = i64.min (n - 1) (i + 1)
      let left = i64.max 0 (j - 1)
      let right = i64.min (m - 1) (j + 1)
      in 0.2 * (u[i, j] + u[up, j] + u[down, j] + u[i, left] + u[i, right]))

-- A 3 x 3 box of integers, two results per point (the box's sum plus b at the point, and
-- its maximum).
-- ==
-- entry: box
-- random input { [33][65]i32 [33][65]i32 } auto output
-- random input { [1][1]i32 [1][1]i32 } auto output
-- random input { [2][3]i32 [2][3]i32 } auto output

entry box [n][m] (a: [n][m]i32) (b: [n][m]i32) : ([n][m]i32, [n][m]i32) =
  unzip (map unzip (tabulate_2d n m (\i j ->
    let up = i64.max 0 (i - 1)
    let down = i64.min (n - 1) (i + 1)
    let left = i64.max 0 (j - 1)
    let right = i64.min (m - 1) (j + 1)
    let col c = (a[up, c] + a[i, c] + a[down, c], i32.max a[up, c] (i32.max a[i, c] a[down, c]))
    let (s0, m0) = col left
    let (s1, m1) = col j
    let (s2, m2) = col right
    in (s0 + s1 + s2 + b[i, j], i32.max m0 (i32.max m1 m2)))))
