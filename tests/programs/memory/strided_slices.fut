-- Slices with a stride and with a negative stride are views of the argument's memory: only
-- the map results are allocated.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } output { [10, 30, 50] [90, 70, 50, 30, 10] }
-- structure gpu-mem { Alloc 2 }

entry main (xs: []i32) : ([]i32, []i32) =
  (map (*10) xs[1:7:2], map (*10) xs[9:0:-2])
