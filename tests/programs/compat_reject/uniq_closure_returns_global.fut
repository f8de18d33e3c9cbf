-- A function returning a closure that returns a top-level array lets that alias
-- escape as well.
-- ==
-- error: result of `maker` aliases the free variable `table`

def table : []i16 = [3, 1, 4]

def maker (k: i16) = \(_: i16) -> if k > 0 then table else table
