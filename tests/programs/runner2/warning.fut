-- `warning:` expects a compile-time warning; the program still runs its cases.
-- ==
-- warning: unreachable case
-- input { 2 } output { 1 }

entry main (x: i32) : i32 =
  match x
  case _ -> 1
  case 2 -> 2
