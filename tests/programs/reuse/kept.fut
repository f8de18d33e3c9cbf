-- Memory block merging must keep blocks apart when lifetimes overlap or the later array
-- does not fit: each entry has three allocations, as without merging.
-- ==
-- entry: returned
-- input { [1, 2, 3] } output { [2, 3, 4] [7, 9, 11] }
-- structure gpu-mem { Alloc 3 }
-- entry: used_in_loop
-- input { [1, 2, 3] } output { [7, 9, 11] 9 }
-- structure gpu-mem { Alloc 3 }
-- entry: too_big
-- input { [1, 2, 3] } output { [4i64, 6i64, 8i64] }
-- structure gpu-mem { Alloc 3 }

-- a is returned: live to the end, so c cannot take its block.
entry returned (xs: []i32) : ([]i32, []i32) =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  in (a, c)

-- A loop after c reads a: a is live past c's allocation.
entry used_in_loop (xs: []i32) : ([]i32, i32) =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  let s = loop s = 0 for i < length a do s + a[i]
  in (c, s)

-- c (8n bytes) does not fit in a's block (4n bytes).
entry too_big (xs: []i32) : []i64 =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map i64.i32 (reverse b)
  in c
