-- Workload 5: single-precision matrix product C = A B of 4096 x 4096 matrices
-- (2 n^3 flops).
-- ==
-- random input { [33][40]f32 [40][17]f32 } auto output
-- compiled random input { [4096][4096]f32 [4096][4096]f32 }

entry main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a
