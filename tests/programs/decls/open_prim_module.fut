-- `open` of a built-in numeric module: its members, operators included, are in scope.
-- ==
-- input { 16f32 } output { 6f32 }

open f32

entry main (x: f32) : f32 = sqrt x + max 1 2
