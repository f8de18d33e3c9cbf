-- A lambda whose parameter is declared with a non-unique type may not hand it back as a
-- unique (fresh) value, any more than a named function may.
-- ==
-- error: fut:7:34: error: the unique return value of this function aliases the non-unique parameter `r`

entry main (rows: [][3]i32) : [][3]i32 =
  map (\(r: [3]i32) : *[3]i32 -> r) rows
