-- `*|` binds like `*`, tighter than `+|`, which binds like `+`.
-- ==
-- input { 2 3 4 } output { 14 20 }

def (+|) (a: i32) (b: i32) : i32 = a + b
def (*|) (a: i32) (b: i32) : i32 = a * b

entry main (a: i32) (b: i32) (c: i32) : (i32, i32) = (a +| b *| c, (a +| b) *| c)
