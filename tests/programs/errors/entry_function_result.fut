-- An entry point must not return a function.
-- ==
-- error: error: entry point `f` returns a function type

entry f (x: i32) : i32 -> i32 = \y -> x + y
