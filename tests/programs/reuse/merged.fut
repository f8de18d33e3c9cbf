-- Memory block merging (thesis ch. 5): an allocation whose lifetime starts after an earlier
-- block's last use takes that block over. `reverse` keeps the maps from fusing.
-- ==
-- entry: chain
-- input { [1, 2, 3] } output { [55, 45, 35] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure gpu-mem { Alloc 2 }
-- entry: loop_body
-- input { [1, 2, 3] } output { [43, 51, 59] }
-- structure gpu-mem { Alloc 3 }
-- entry: fits
-- input { [1, 2, 3] } output { [9, 15, 21] }
-- structure gpu-mem { Alloc 2 }

-- a, b, c, d in four blocks without merging; c reuses a's block (a's last reader is b's
-- kernel) and d reuses b's (read last by c's kernel): two blocks.
entry chain (xs: []i32) : []i32 =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  let d = map (*5) (reverse c)
  in d

-- In the loop body v reuses t's block, and is then carried to the next iteration in it
-- (t, u, v and the result's copy: four allocations without merging).
entry loop_body (xs: []i32) : []i32 =
  loop acc = xs for i < 3 do
    let t = map (+1) acc
    let u = map (*2) (reverse t)
    let v = map (+3) (reverse u)
    in v

-- c (4n bytes) fits in a's block (8n bytes).
entry fits (xs: []i32) : []i32 =
  let a = map (\x -> i64.i32 x * 2) xs
  let b = map (\x -> i32.i64 x + 1) (reverse a)
  let c = map (*3) (reverse b)
  in c
