-- A `local` type of an imported file is not visible.
-- ==
-- error: unknown type `hidden`

import "lib/private"

entry main (x: hidden) : i32 = public x
