-- A range whose end precedes its start with a positive step is invalid.
-- ==
-- input { 5 1 } error: range 5\.\.1 with step 1 is invalid
-- tags { no_opencl no_cuda }

entry main (a: i32) (b: i32) : []i32 = a..<b
