-- Imported polymorphic and higher-order functions.
-- ==
-- input { 5 } output { 11 5.0f32 }

import "lib/util"

entry main (x: i32) : (i32, f32) =
  (compose (+ 1) (* 2) x, twice (\(y: f32) -> y / 2) 20)
