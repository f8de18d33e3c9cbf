-- The element a for-in loop binds is part of the array it walks, so a loop returning an
-- element aliases that array: it is no fresh value.
-- ==
-- error: fut:7:3: error: the unique return value of `last_row` aliases the non-unique parameter `rows`

def last_row (rows: [][2]f32) : *[2]f32 =
  loop r = [0, 0] for row in rows do row

entry main (rows: [][2]f32) = last_row rows
