-- `filter` keeps the elements that satisfy the predicate, in order.
-- ==
-- input { [5, 2, 8, 1, 9] } output { [5, 8, 9] [2] }

entry main (xs: []i32) : ([]i32, []i32) = (filter (> 4) xs, filter (\x -> x % 2 == 0 && x < 5) xs)
