-- An operator defined in an imported file.
-- ==
-- input { 1 2 } output { 11 22 }

import "lib/vec2"

entry main (a: i32) (b: i32) : (i32, i32) =
  let v = {x = a, y = b} <+> {x = 10, y = 20}
  in (v.x, v.y)
