-- `local import` is the same as `import`.
-- ==
-- input { [4, 5] } output { 9 }

local import "lib/util"

entry main (xs: []i32) : i32 = sum_i32 xs
