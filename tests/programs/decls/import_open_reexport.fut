-- `open import` in reexport.fut makes util.fut's names visible to reexport's importers.
-- ==
-- input { 1 } output { 3 8 }

import "lib/reexport"

entry main (x: i32) : (i32, i32) = (twice (+ 1) x, thrice (* 2) x)
