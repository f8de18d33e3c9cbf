-- A `local` definition of an imported file is not visible.
-- ==
-- error: unknown name `sq`

import "lib/vec2"

entry main (x: i32) : i32 = sq x
