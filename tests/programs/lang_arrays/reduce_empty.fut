-- `reduce` of an empty array is the neutral element.
-- ==
-- input { empty([0]i32) } output { 0 1 }

entry main (xs: []i32) : (i32, i32) = (reduce (+) 0 xs, reduce (*) 1 xs)
