-- `import` does not re-export: hidden.fut imports util.fut, but its importers do not see it.
-- ==
-- error: unknown name `sum_i32`

import "lib/hidden"

entry main (xs: []i32) : i32 = sum_i32 xs
