-- An imported polymorphic sum type.
-- ==
-- input { 3 } output { 8 }
-- input { -1 } output { 5 }

import "lib/option"

entry main (x: i32) : i32 =
  let o : option i32 = if x > 0 then #some x else #none
  in get_or 0 o + get_or 5 (#none : option i32)
