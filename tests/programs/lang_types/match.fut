-- lang_types: match_bools, match_exhaustive, match_literals, match_record, match_sum,
-- match_tuple. One entry point and test block per program, so that each backend builds
-- this file once (docs/testing.md).

-- match_bools: `match` on booleans binds nothing.
-- ==
-- entry: match_bools
-- input { true } output { 1 }
-- input { false } output { 0 }
-- structure simplified { If 1 }

entry match_bools (b: bool) : i32 = match b case true -> 1 case false -> 0

-- match_exhaustive:
-- `match`es that are exhaustive only through nesting and overlap, which the checker must
-- accept (Note [Match exhaustiveness]).
-- ==
-- entry: match_exhaustive
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

entry match_exhaustive (a: bool) (b: bool) (x: i32) : (i32, i32, i32, i32) =
  ( both a b
  , pick (if x == 3 then #some x else #none) #none
  , sign {neg = a, v = -x}
  , sign {neg = x > 0, v = x} )

-- match_literals: `match` on integer literals, a negative literal and a wildcard.
-- ==
-- entry: match_literals
-- input { 0 } output { 100 }
-- input { -1 } output { 200 }
-- input { 7 } output { 7 }

entry match_literals (x: i32) : i32 =
  match x
  case 0 -> 100
  case -1 -> 200
  case _ -> x

-- match_record: Record patterns with literal fields and punned names.
-- ==
-- entry: match_record
-- input { 5 6 } output { 6 }
-- input { 4 6 } output { 4 }

entry match_record (a: i32) (b: i32) : i32 =
  match {a, b}
  case {a = 5, b} -> b
  case {a, b = _} -> a

-- match_sum: A sum type with payloads, matched by constructor.
-- ==
-- entry: match_sum
-- input { 2.0 3.0 } output { 12.0 6.0 0.0 }

type shape = #circle f64 | #rect f64 f64 | #empty

def area (s: shape) : f64 =
  match s
  case #circle r -> 3.0 * r * r
  case #rect w h -> w * h
  case #empty -> 0.0

entry match_sum (a: f64) (b: f64) : (f64, f64, f64) =
  (area (#circle a), area (#rect a b), area #empty)

-- match_tuple: Tuple patterns mixing literals and variables; first match wins.
-- ==
-- entry: match_tuple
-- input { 1 5 } output { 5 }
-- input { 2 5 } output { 7 }
-- input { 0 0 } output { -1 }

entry match_tuple (a: i32) (b: i32) : i32 =
  match (a, b)
  case (1, y) -> y
  case (0, 0) -> -1
  case (x, y) -> x + y
