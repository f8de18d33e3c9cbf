-- An operator starting with `**` binds tighter than `*`.
-- ==
-- input { 2 3 } output { 24 }

def (**!) (a: i32) (n: i32) : i32 = loop acc = 1 for _i < n do acc * a

entry main (a: i32) (n: i32) : i32 = 3 * a **! n
