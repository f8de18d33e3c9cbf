-- `match`es that are exhaustive only through nesting and overlap, which the checker must
-- accept (Note [Match exhaustiveness]).
-- ==
-- input { true false 3 } output { 2 11 3 -3 }
-- input { false false -1 } output { 4 12 1 -1 }

type opt = #some i32 | #none

-- Every pair of bools, in an order where no single case covers a column.
def both (a: bool) (b: bool) : i32 =
  match (a, b)
  case (true, true) -> 1
  case (true, false) -> 2
  case (false, true) -> 3
  case (false, false) -> 4

-- Nested constructors: `#some` is covered by a literal and a wildcard payload.
def pick (x: opt) (y: opt) : i32 =
  match (x, y)
  case (#some 3, _) -> 11
  case (#none, #none) -> 12
  case (#some _, #none) -> 13
  case (#none, #some v) -> v
  case (#some v, #some _) -> 100 + v

-- A record whose field is a bool, matched by literals in both positions.
def sign (r: {neg: bool, v: i32}) : i32 =
  match r
  case {neg = true, v} -> -v
  case {neg = false, v = 0} -> 0
  case {neg = false, v} -> v

entry main (a: bool) (b: bool) (x: i32) : (i32, i32, i32, i32) =
  ( both a b
  , pick (if x == 3 then #some x else #none) #none
  , sign {neg = a, v = -x}
  , sign {neg = x > 0, v = x} )
