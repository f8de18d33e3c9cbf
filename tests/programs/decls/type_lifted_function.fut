-- `type^` may abbreviate a function type.
-- ==
-- input { [1, 2, 3] } output { 6 11 }

type^ op = i32 -> i32 -> i32

def fold_with (f: op) (xs: []i32) : i32 = loop acc = 0 for x in xs do f acc x

entry main (xs: []i32) : (i32, i32) = (fold_with (+) xs, fold_with (\a x -> a * 2 + x) xs)
