-- sum_function_payload: sum types with functions in their payloads (Note [Sum types] in
-- InternaliseSum.cpp): their values cannot flow through `if`s, loops or arrays, so each
-- has a known constructor and a `match` on it picks its case while compiling. Matched
-- directly, inside a tuple pattern, after a case of another constructor, with a wildcard,
-- and passed to a recursive function.

type^ op = #unary (i32 -> i32) | #const i32 | #binary (i32 -> i32 -> i32) i32

def run (o: op) (x: i32) : i32 =
  match o
  case #const c -> c
  case #unary f -> f x
  case #binary g y -> g x y

def first_or (o: op) (x: i32) : i32 =
  match (o, x)
  case (#unary f, 0) -> f 100
  case (#unary f, _) -> f x
  case _ -> -1

def repeat (o: op) (n: i32) (x: i32) : i32 =
  if n == 0 then x else repeat o (n - 1) (run o x)

-- ==
-- entry: main
-- input { 5 3 } output { 10 7 8 200 8 -1 40 }
-- input { 0 -2 } output { 0 7 -2 200 103 -1 0 }
entry main (x: i32) (k: i32) : (i32, i32, i32, i32, i32, i32, i32) =
  let twice : op = #unary (\y -> y * 2)
  let seven : op = #const 7
  let plus : op = #binary (\a b -> a + b * k) 1
  in (run twice x, run seven x, run plus (x + k - k * k + k * k - k),
      first_or twice 0, first_or (#unary (+ 3)) x, first_or seven x, repeat twice 3 x)
