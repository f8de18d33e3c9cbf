-- An `if` whose branches return arrays in different memory: the result's block is
-- existential, taken over from the branch that allocated it, or filled by a copy when the
-- branch returns the argument.
-- ==
-- input { true [1, 2, 3] } output { [2, 3, 4] }
-- input { false [1, 2, 3] } output { [2, 4, 6] }
-- structure gpu-mem { Alloc 2 }

entry main (c: bool) (xs: []i32) : []i32 = if c then map (+1) xs else map (*2) xs

