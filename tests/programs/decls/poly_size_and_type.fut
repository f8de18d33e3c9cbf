-- Size and type parameters together.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [4, 10, 18] }

def pairwise [n] 'a 'b (f: a -> a -> b) (xs: [n]a) (ys: [n]a) : [n]b = map2 f xs ys

entry main [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = pairwise (\x y -> x * y) xs ys
