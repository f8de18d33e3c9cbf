-- An imported type abbreviation and functions over it.
-- ==
-- input { 1 2 3 4 } output { 11 }

import "lib/vec2"

entry main (a: i32) (b: i32) (c: i32) (d: i32) : i32 =
  let u : vec2 = {x = a, y = b}
  in vdot u {x = c, y = d}
