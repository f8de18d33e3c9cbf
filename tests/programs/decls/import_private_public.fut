-- The public function of private.fut uses its local type and helper.
-- ==
-- input { 40 } output { 42 }

import "lib/private"

entry main (x: i32) : i32 = public x
