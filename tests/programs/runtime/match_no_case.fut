-- A `match` over integers without a case for the value.
-- ==
-- input { 3 } error: no case of this `match` matches the value
-- input { 1 } output { 10 }
-- tags { no_opencl no_cuda }

entry main (x: i32) : i32 = match x case 1 -> 10 case 2 -> 20
