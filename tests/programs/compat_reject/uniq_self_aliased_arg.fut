-- A consuming tuple parameter may assume that its components do not share storage, so an
-- argument holding the same array twice is rejected at the argument.
-- ==
-- error: fut:9:31: error: the argument passed for a consuming parameter is self-aliased

def bump_both (p: *([]i64, []i64)) : i64 = (p.0 with [0] = 1)[0] + (p.1 with [0] = 2)[0]

entry main (n: i64) : i64 =
  let x = iota n in bump_both (x, x)
