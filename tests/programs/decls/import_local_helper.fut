-- An imported function may use its file's `local` helpers.
-- ==
-- input { 3 4 } output { 25 }
-- input { -2 0 } output { 4 }

import "lib/vec2"

entry main (a: i32) (b: i32) : i32 = norm2 {x = a, y = b}
