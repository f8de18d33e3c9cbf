-- A per-element temporary in the body of a parallel reduction: x * x * x summed.
-- ==
-- input { [1, 2, 3] } output { 36 }
-- input { empty([0]i32) } output { 0 }
-- compiled random input { [100000]i32 } auto output
-- structure gpu-mem { Alloc 1 }

entry main (xs: []i32) : i32 = reduce (+) 0 (map (\x -> reduce (*) 1 (replicate 3 x)) xs)
