-- Slices with start, end and stride, including negative strides.
-- ==
-- input { [0, 1, 2, 3, 4, 5] } output { [1, 2, 3] [0, 2, 4] [5, 4, 3, 2, 1, 0] [4, 3, 2] [3, 4, 5] [5, 3, 1] }

entry main (xs: []i32) : ([]i32, []i32, []i32, []i32, []i32, []i32) =
  (xs[1:4], xs[::2], xs[::-1], xs[4:1:-1], xs[3:], xs[5::-2])
