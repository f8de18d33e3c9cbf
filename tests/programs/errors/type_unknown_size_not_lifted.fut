-- A plain type abbreviation cannot hide a size (`type~` can).
-- ==
-- error: error: type abbreviation `t` has an array of unknown size.*type~

type t = []i32

entry main (x: i32) : i32 = x
