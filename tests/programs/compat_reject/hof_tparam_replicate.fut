-- A polymorphic function instantiated to build an array of functions.
-- ==
-- error: not first-order

def rep 't (n: i64) (x: t) : []t = replicate n x
def main (x: i32) : i32 = (rep 2 (\(y: i32) -> y))[0] x
