-- Imported names are visible only after the import.
-- ==
-- error: unknown name `sum_i32`

def total (xs: []i32) : i32 = sum_i32 xs

import "lib/util"

entry main (xs: []i32) : i32 = total xs
