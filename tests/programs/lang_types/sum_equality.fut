-- Values of sum types compare with `==`.
-- ==
-- input { 2 } output { true false }

entry main (x: i32) : (bool, bool) =
  let a : #k i32 | #u = #k x
  in (a == #k 2, a == #u)
