-- Nested constructors in a record: `#circle` is covered only for one payload literal.
-- ==
-- error: 10:3: error: unmatched cases in `match`: no case matches, for example, `\{b = false, s = #circle _\}`

type shape = #circle f32 | #square

def f (r: {s: shape, b: bool}) : i32 =
  -- `1.0` does not cover every `f32`; `#square` is covered for both bools; `b = true`
  -- covers every circle.
  match r
  case {s = #circle 1.0, b = _} -> 0
  case {s = #square, b} -> if b then 1 else 2
  case {s = _, b = true} -> 3
