-- An entry point must not take a function.
-- ==
-- error: error: entry point parameter has a function type

entry f (g: i32 -> i32) : i32 = g 1
