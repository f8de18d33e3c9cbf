-- lang_types: sum_equality, sum_in_array, sum_inferred, sum_nested_patterns. One entry
-- point and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- sum_equality: Values of sum types compare with `==`.
-- ==
-- entry: sum_equality
-- input { 2 } output { true false }

entry sum_equality (x: i32) : (bool, bool) =
  let a : #k i32 | #u = #k x
  in (a == #k 2, a == #u)

-- sum_in_array: An array of a sum type, mapped and folded.
-- ==
-- entry: sum_in_array
-- input { [1, -2, 3] } output { 4 1 }

type v = #pos i32 | #neg i32

def tag (x: i32) : v = if x >= 0 then #pos x else #neg x

entry sum_in_array (xs: []i32) : (i32, i32) =
  let vs = map tag xs
  let pos = foldl (\acc v -> match v case #pos p -> acc + p case #neg _ -> acc) 0 vs
  let negs = foldl (\acc v -> match v case #neg _ -> acc + 1 case #pos _ -> acc) 0 vs
  in (pos, negs)

-- sum_inferred: A sum type inferred from the constructors used, without a declaration.
-- ==
-- entry: sum_inferred
-- input { true } output { 3 }
-- input { false } output { 0 }

def pick (b: bool) = if b then #some 3i32 else #none

entry sum_inferred (b: bool) : i32 = match pick b case #some x -> x case #none -> 0

-- sum_nested_patterns:
-- Constructor patterns nested in tuples, with literal payload patterns.
-- ==
-- entry: sum_nested_patterns
-- input { 1 } output { 10 }
-- input { 2 } output { 22 }
-- input { 3 } output { 0 }

type opt = #some i32 | #none

def classify (o: opt, k: i32) : i32 =
  match (o, k)
  case (#some 1, _) -> 10
  case (#some x, k) -> x * 10 + k
  case (#none, _) -> 0

entry sum_nested_patterns (x: i32) : i32 = classify (if x < 3 then #some x else #none, 2)
