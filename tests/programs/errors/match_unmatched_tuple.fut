-- A `match` on a pair of bools that misses `(false, _)`.
-- ==
-- error: match_unmatched_tuple.fut:6:3: error: unmatched cases in `match`: no case matches, for example, `\(false, _\)`

def f (a: bool) (b: bool) : i32 =
  match (a, b)
  case (true, true) -> 1
  case (true, false) -> 2
