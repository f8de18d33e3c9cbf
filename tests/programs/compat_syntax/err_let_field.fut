-- `let r.f = v` updates an existing field only, at its own type.
-- ==
-- error: 7:3: error: type `\{a: i32\}` has no field `b`

entry main (x: i32) : i32 =
  let r = {a = x}
  let r.b = 2
  in r.a
