-- Several entry points in one file.
-- ==
-- entry: inc
-- input { 1 } output { 2 }
-- entry: dec
-- input { 1 } output { 0 }

entry inc (x: i32) : i32 = x + 1
entry dec (x: i32) : i32 = x - 1
