-- Rodinia's lud, written from its algorithm: the LU decomposition of a square matrix without
-- pivoting, in place (L below the diagonal with an implicit unit diagonal, U on and above
-- it). Step k divides column k below the diagonal by the pivot and subtracts the outer
-- product of that column and row k from the trailing block. The input is made diagonally
-- dominant (n added to the diagonal), so no pivoting is needed and the values stay tame.
-- Rodinia's largest default: 2048 x 2048.
-- ==
-- random input { [12][12]f32 } auto output
-- compiled random input { [2048][2048]f32 }

entry main [n] (a: [n][n]f32) : [n][n]f32 =
  let dominant = tabulate_2d n n (\i j -> if i == j then a[i, j] + f32.i64 n else a[i, j])
  in loop m = dominant for k < n do
       let pivot = m[k, k]
       in tabulate_2d n n (\i j ->
            if i <= k || j < k then m[i, j]
            else if j == k then m[i, k] / pivot
            else m[i, j] - m[i, k] / pivot * m[k, j])
