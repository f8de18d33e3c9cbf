-- A file with one test block per entry point.
-- ==
-- entry: inc
-- input { 1 } output { 2 }
-- input { -1 } output { 0 }

entry inc (x: i32) : i32 = x + 1

-- The second block starts again at `main` unless it names entries.
-- ==
-- entry: dec
-- input { 1 } output { 0 }

entry dec (x: i32) : i32 = x - 1

-- ==
-- input { 2 } output { 4 }

entry main (x: i32) : i32 = x * 2
