-- Importing a file that does not exist.
-- ==
-- error: cannot read .*lib/does_not_exist\.fut

import "lib/does_not_exist"

entry main (x: i32) : i32 = x
