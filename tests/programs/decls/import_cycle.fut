-- Files that import each other.
-- ==
-- error: import cycle: .*cycle_a\.fut -> .*cycle_b\.fut -> .*cycle_a\.fut

import "lib/cycle_a"

entry main (x: i32) : i32 = a x
