-- `|>` applies the right operand to the left, left to right.
-- ==
-- input { [1, 2, 3] } output { 9 }

entry main (xs: []i32) : i32 = xs |> map (+ 1) |> reduce (+) 0
