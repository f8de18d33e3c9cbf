-- `e : t` is checked statically.
-- ==
-- error: fut:6:4: error: size mismatch: this value has size `m` but the ascribed type requires `n`; use `:>`

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  (ys : [n]i32)
