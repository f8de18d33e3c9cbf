-- `concat` joins two arrays.
-- ==
-- input { [1, 2] [3] } output { [1, 2, 3] [3, 1, 2] }

entry main (a: []i32) (b: []i32) : ([]i32, []i32) = (concat a b, concat b a)
