-- A field of a non-unique record parameter cannot be updated in place.
-- ==
-- error: consume.*non-unique

def main (r: {a: []i32, b: i32}) : []i32 = r.a with [0] = r.b
