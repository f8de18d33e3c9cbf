-- A conditional choosing between two arrays.
-- ==
-- input { true } output { [1, 2] }
-- input { false } output { [3, 4] }

entry main (b: bool) : []i32 = if b then [1, 2] else [3, 4]
