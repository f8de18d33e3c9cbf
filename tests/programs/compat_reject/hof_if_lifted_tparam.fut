-- A value of a lifted type parameter `'^t` may be a function, so an `if` may not
-- return it.
-- ==
-- error: `if` may not return a value of the lifted type `t`.*not first-order

def sel '^t (c: bool) (a: t) (b: t) : t = if c then a else b

def main (c: bool) (k: i64) : i64 = sel c k (k + 1)
