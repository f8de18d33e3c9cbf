-- An `if` one of whose branches returns the argument itself: the result's block may be the
-- argument's, so the entry point copies it into fresh memory for its caller (the map
-- result and that copy are the two allocations).
-- ==
-- input { true [1, 2, 3] } output { [1, 2, 3] }
-- input { false [1, 2, 3] } output { [2, 4, 6] }
-- structure gpu-mem { Alloc 2 }

entry main (c: bool) (xs: []i32) : []i32 = if c then xs else map (*2) xs
