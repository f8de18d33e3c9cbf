-- sum_array_payload: constructors whose payloads hold arrays (Note [Sum types] in
-- InternaliseSum.cpp): a constructor not taking the array slot leaves an empty array there,
-- so the slot's size differs between the branches that build the value. Built by `if` and
-- `match`, carried through a loop, two constructors sharing a slot, and a two-dimensional
-- payload beside a scalar one.

type~ shape = #points ([]f32) | #grid i64 ([][]i32) | #empty | #counts ([]f32)

def measure (s: shape) : f32 =
  match s
  case #points ps -> f32.sum ps
  case #grid k g -> f32.i64 k + f32.i32 (i32.sum (flatten g))
  case #counts cs -> -(f32.sum cs)
  case #empty -> -1

def make (k: i64) : shape =
  if k == 0 then #empty
  else if k == 1 then #points (map f32.i64 (iota 4))
  else if k == 2 then #counts [2, 3]
  else #grid k (tabulate_2d k 2 (\i j -> i32.i64 (i * 10 + j)))

-- ==
-- entry: built
-- input { 0i64 } output { -1f32 }
-- input { 1i64 } output { 6f32 }
-- input { 2i64 } output { -5f32 }
-- input { 3i64 } output { 66f32 }
entry built (k: i64) : f32 = measure (make k)

-- A loop whose sum-typed state grows its array payload each iteration.
-- ==
-- entry: grow
-- input { 3 } output { 3i64 6f32 }
-- input { 0 } output { 0i64 -1f32 }
entry grow (n: i32) : (i64, f32) =
  let s = loop s = #empty for i < n do
            match s
            case #points ps -> #points (ps ++ [f32.i32 i + 1])
            case _ -> #points [1f32]
  in match s
     case #points ps -> (length ps, f32.sum ps)
     case _ -> (0, -1)
