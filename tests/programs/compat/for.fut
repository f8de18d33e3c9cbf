-- A file named after a C keyword (its prefix becomes `fut_for`) with `entry` declarations
-- and a top-level `def main`: as in Futhark, `main` is an entry point as well.
-- ==
-- input { 4i32 }
-- output { 10i32 }
-- input { 0i32 }
-- output { 0i32 }

-- ==
-- entry: double
-- input { [1, -2, 3] }
-- output { [2, -4, 6] }

-- The imported file's polymorphic `main` is an ordinary function, not an entry point.
import "lib/poly_main"

-- A plain helper: not an entry point (neither `entry` nor named `main`).
def triangle (n: i32) : i32 = loop acc = 0 for i < n do acc + i + 1

entry double (xs: []i32) : []i32 = map twice xs

def main (n: i32) : i32 = triangle n

-- Point-free entry points are eta-expanded, as in Futhark; a numeric literal in one defaults
-- to i32.
-- ==
-- entry: add
-- input { [1i64, 2i64] [10i64, 20i64] }
-- output { [11i64, 22i64] }
-- input { [1i64] [10i64, 20i64] }
-- error: size

entry add = map2 (i64.+)

-- ==
-- entry: scale
-- input { 2f32 [1f32, 2.5f32] }
-- output { [2f32, 5f32] }

entry scale (k: f32) = map (* k)

-- ==
-- entry: total
-- input { [1, 2, 3] }
-- output { 6 }

entry total = i32.sum

-- ==
-- entry: incr
-- input { [1, -1] }
-- output { [2, 0] }

entry incr = map (+ 1)

-- An operand of `+` and `*` whose type nothing fixes defaults to i32 in an entry point.
-- ==
-- entry: sum_prod
-- input { 3 4 }
-- output { 7 12 }

entry sum_prod x y = (x + y, x * y)
