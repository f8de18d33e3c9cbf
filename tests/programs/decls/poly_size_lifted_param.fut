-- A size-lifted type parameter `'~a`.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] }

def keep '~a (x: a) : a = x

entry main (xs: []i32) : []i32 = keep xs
