-- An operator that is not defined.
-- ==
-- error: error: unknown operator `\+\+\+`

entry main (x: i32) : i32 = x +++ 1
