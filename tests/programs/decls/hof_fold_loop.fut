-- A polymorphic left fold written with a loop.
-- ==
-- input { [1, 2, 3] } output { 123 }

def fold 'a 'b (f: b -> a -> b) (z: b) (xs: []a) : b = loop acc = z for x in xs do f acc x

entry main (xs: []i32) : i32 = fold (\acc x -> acc * 10 + x) 0 xs
