-- An operator starting with `<` binds like a comparison, looser than `+`.
-- ==
-- input { 1 2 3 } output { true false }

def (<!) (a: i32) (b: i32) : bool = a * 2 < b

entry main (a: i32) (b: i32) (c: i32) : (bool, bool) = (a + b <! 7, a + c <! 7)
