-- A record type is never inferred from one field (no row polymorphism): ambiguous.
-- ==
-- error: fut:5:15: error: type is ambiguous: it must be a record with the field `y`

def get_y r = r.y

entry main (a: i32) : i32 = get_y {y = a}
