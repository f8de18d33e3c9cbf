-- A lifted abbreviation (`type^`) may hold functions, so it is no array element, not even
-- inside another abbreviation.
-- ==
-- error: fut:7:17: error: arrays of `op` are not allowed: it is declared lifted \(`type\^`\)

type^ op = (i32, i32)
type table = [3]op

entry main (x: i32) : i32 = x
