-- An ascription may not give a unique type to a value that aliases a non-unique
-- parameter: that would allow consuming the caller's array.
-- ==
-- error: fut:6:34: error: this value is ascribed the unique type `\*\[\]i32`, but it aliases the non-unique parameter `xs`

entry main (xs: []i32) : []i32 = (xs : *[]i32) with [0] = 1
