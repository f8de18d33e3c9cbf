-- A syntax error in an imported file is reported in that file.
-- ==
-- error: broken\.fut:[0-9]+:[0-9]+: error

import "lib/broken"

entry main (x: i32) : i32 = f x
