-- A `match` on a sum type without a case for one constructor.
-- ==
-- error: match_unmatched_constructor.fut:8:3: error: unmatched cases in `match`: no case matches, for example, `#none`

type opt = #some i32 | #none

def get (x: opt) : i32 =
  match x
  case #some v -> v
