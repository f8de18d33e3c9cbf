-- A file that imports itself.
-- ==
-- error: import cycle: .*import_self\.fut -> .*import_self\.fut

import "import_self"

entry main (x: i32) : i32 = x
