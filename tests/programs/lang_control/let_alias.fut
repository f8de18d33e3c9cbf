-- let_alias: `let b = a` binds a second name to a value that is then still used by its
-- first name. Internalisation once renamed a's statement after b, so the use of `a` came
-- before any definition ("internal compiler error: verify(core): use of a before its
-- definition"; found by scripts/difftest.sh).

-- ==
-- entry: scalar
-- input { 4 } output { 5 }
entry scalar (x: i32) : i32 =
  let a = x + 1
  let b = a
  in a

-- ==
-- entry: array
-- input { [1, 2, 3] } output { [2, 3, 4] [2, 3, 4] }
entry array (xs: []i32) : ([]i32, []i32) =
  let a = map (+ 1) xs
  let b = a
  let c = b
  in (a, c)

-- ==
-- entry: tuple
-- input { 2 } output { 3 6 3 }
entry tuple (x: i32) : (i32, i32, i32) =
  let p = (x + 1, x * 3)
  let q = p
  in (p.0, q.1, q.0)

-- ==
-- entry: after_update
-- input { [1, 2, 3] } output { [1, 9, 3] 13 }
entry after_update (xs: []i32) : ([]i32, i32) =
  let a = copy xs with [1] = 9
  let b = a
  in (a, reduce (+) 0 b)
