-- An `entry` of an imported file is an ordinary function here.
-- ==
-- input { 3 } output { 12 }

import "lib/entry_lib"

entry main (x: i32) : i32 = double (double x)
