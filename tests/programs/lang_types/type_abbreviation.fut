-- Type abbreviations, with and without parameters.
-- ==
-- input { 1 2 } output { 3 [1, 2] }

type point = {x: i32, y: i32}
type pair 'a = (a, a)

def sum_point (p: point) : i32 = p.x + p.y
def to_array (p: pair i32) : []i32 = [p.0, p.1]

entry main (a: i32) (b: i32) : (i32, []i32) = (sum_point {x = a, y = b}, to_array (a, b))
