-- A size in a type abbreviation must be one of its parameters.
-- ==
-- error: error: unknown size `n`

type vec = [n]i32

entry main (x: i32) : i32 = x
