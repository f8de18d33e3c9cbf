-- A conditional inside a mapped lambda.
-- ==
-- input { [-1, 0, 5] } output { [0, 0, 5] }

entry main (xs: []i32) : []i32 = map (\x -> if x < 0 then 0 else x) xs
