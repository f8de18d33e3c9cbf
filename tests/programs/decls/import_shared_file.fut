-- Two imports of the same file (directly and through hidden.fut) load it once.
-- ==
-- input { [1, 2, 3] } output { 30 }

import "lib/util"
import "lib/hidden"

entry main (xs: []i32) : i32 = sum_twice xs + sum_i32 xs
