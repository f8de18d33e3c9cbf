-- A type abbreviation of a function type must be lifted (`type^`).
-- ==
-- error: error: type abbreviation `f` contains a function type `i32 -> i32`; declare it lifted with `type\^`

type f = i32 -> i32

entry main (x: i32) : i32 = x
