-- An operator starting with `&` binds like the bitwise operators: looser than `+`.
-- ==
-- input { 1 2 3 } output { 9 }

def (&!) (a: i32) (b: i32) : i32 = a * b

entry main (a: i32) (b: i32) (c: i32) : i32 = a + b &! c
