-- `import` brings another file's definitions into scope.
-- ==
-- input { [1, 2, 3] } output { 13 }

import "lib/util"

entry main (xs: []i32) : i32 = sum_i32 xs + const_seven
