-- `type~` is not enough for a function type: that needs `type^`.
-- ==
-- error: error: type abbreviation `g` contains a function type

type~ g = []i32 -> i32

entry main (x: i32) : i32 = x
