-- Mapping over indices to pair elements with neighbours.
-- ==
-- input { [1, 4, 9, 16] } output { [3, 5, 7] }

entry main (xs: []i32) : []i32 = map (\i -> xs[i + 1] - xs[i]) (iota (length xs - 1))
