-- `unflatten` with dimensions whose product is not the length.
-- ==
-- input { [1, 2, 3, 4, 5] } error: size mismatch: cannot unflatten|unflatten to a shape of a different size

entry main (xs: []i32) : [][]i32 = unflatten 2 2 xs
