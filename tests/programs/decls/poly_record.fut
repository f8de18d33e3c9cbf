-- A polymorphic function over records.
-- ==
-- input { 4 true } output { 4 true }

def get_x 'a (r: {x: a, y: a}) : a = r.x

entry main (a: i32) (b: bool) : (i32, bool) = (get_x {x = a, y = a + 1}, get_x {x = b, y = !b})
