-- An invalid range is a run-time error that the interpreter spells as written, with the
-- values of its bounds (and of its second element, for a range with a step). Compiled code
-- reports "range is invalid" and the location (checked by the `compiled` cases).
-- ==
-- entry: inclusive
-- input { 1 3 } output { [1, 2, 3] }
-- no_opencl no_cuda input { 4 1 } error: range 4\.\.\.1 is invalid
-- compiled input { 4 1 } error: range (\S+ )?is invalid

entry inclusive (a: i32) (b: i32) = a...b

-- ==
-- entry: exclusive
-- no_opencl no_cuda input { 2 1 } error: range 2\.\.<1 is invalid
-- compiled input { 2 1 } error: range (\S+ )?is invalid

entry exclusive (a: i32) (b: i32) = a..<b

-- ==
-- entry: downwards
-- input { 3 0 } output { [3, 2, 1] }
-- no_opencl no_cuda input { 0 3 } error: range 0\.\.>3 is invalid
-- compiled input { 0 3 } error: range (\S+ )?is invalid

entry downwards (a: i32) (b: i32) = a..>b

-- ==
-- entry: stepped
-- input { 0 2 7 } output { [0, 2, 4, 6] }
-- no_opencl no_cuda input { 5 5 7 } error: range 5\.\.5\.\.\.7 is invalid
-- compiled input { 5 5 7 } error: range (\S+ )?is invalid

entry stepped (a: i32) (b: i32) (c: i32) = a..b...c
