-- `open import` in the user's file brings the names into scope like `import`.
-- ==
-- input { 2 } output { 16 }

open import "lib/util"

entry main (x: i32) : i32 = const_seven * 2 + x
