-- A `for ... in` loop over the elements of an array.
-- ==
-- input { [3, 1, 4] } output { 12 }

entry main (xs: []i32) : i32 = loop prod = 1 for x in xs do prod * x
