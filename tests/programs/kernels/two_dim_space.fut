-- A two-dimensional kernel (one thread per element) with a per-thread `iota 3`: the
-- expanded block holds n * m * 3 elements. Each x becomes x + (x + 1) + (x + 2) = 3x + 3.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[6, 9], [12, 15]] }
-- compiled random input { [1000][16]i32 } auto output
-- structure gpu-mem { Alloc 2 }

entry main [n][m] (a: [n][m]i32) : [n][m]i32 =
  map (\r -> map (\x -> reduce (+) 0 (map (+ x) (map i32.i64 (iota 3)))) r) a
