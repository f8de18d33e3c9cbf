-- A range whose end precedes its start with a positive step is invalid. (The interpreter
-- also names the bounds; compiled code names the source location.)
-- ==
-- input { 5 1 } error: range.* is invalid
-- input { 1 4 } output { [1, 2, 3] }

entry main (a: i32) (b: i32) : []i32 = a..<b
