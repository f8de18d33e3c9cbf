-- `let r.f = v` keeps the field's type: a bool cannot replace an i32.
-- ==
-- error: 7:13: error: cannot unify `i32` with `bool`

entry main (x: i32) : i32 =
  let r = {a = x}
  let r.a = true
  in r.a
