-- A type abbreviation cannot refer to itself.
-- ==
-- error: error: unknown type `t`

type t = (i32, t)

entry main (x: i32) : i32 = x
