-- A file in a subfolder imports a file of its parent folder ("../util").
-- ==
-- input { [1, 2, 3] } output { 13 }
-- input { empty([0]i32) } output { 7 }

import "lib/sub/deep"

entry main (xs: []i32) : i32 = deep_sum xs
