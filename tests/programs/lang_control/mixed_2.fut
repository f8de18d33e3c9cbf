-- lang_control: local_decl, local_function, local_polymorphic_function, pipe_backward,
-- pipe_forward, polymorphic_function, polymorphic_pair, recursive_style_loop,
-- top_level_constant, user_operator. One entry point and test block per program, so that
-- each backend builds this file once (docs/testing.md).

-- local_decl: `local` definitions are usable in the same file.
-- ==
-- entry: local_decl
-- input { 3 } output { 9 }

local def square (x: i32) = x * x

entry local_decl (x: i32) : i32 = square x

-- local_function:
-- A function defined with `let` inside an expression, closing over a variable.
-- ==
-- entry: local_function
-- input { 3 } output { 23 }

entry local_function (x: i32) : i32 =
  let addx (y: i32) = x + y
  let twice f (y: i32) = f (f y)
  in twice addx 17

-- local_polymorphic_function: A local function used at two types.
-- ==
-- entry: local_polymorphic_function
-- input { 4 } output { 4 true }

entry local_polymorphic_function (x: i32) : (i32, bool) =
  let ident v = v
  in (ident x, ident true)

-- pipe_backward: `<|` applies the left operand to the right.
-- ==
-- entry: pipe_backward
-- input { 4 } output { 10 }

def double (x: i32) = 2 * x
def inc (x: i32) = x + 1

entry pipe_backward (x: i32) : i32 = inc <| inc <| double x

-- pipe_forward: `|>` applies the right operand to the left, left to right.
-- ==
-- entry: pipe_forward
-- input { [1, 2, 3] } output { 9 }

entry pipe_forward (xs: []i32) : i32 = xs |> map (+ 1) |> reduce (+) 0

-- polymorphic_function: A polymorphic function used at several types.
-- ==
-- entry: polymorphic_function
-- input { 3 } output { 12 6.0 }

def twice 'a (f: a -> a) (x: a) : a = f (f x)

entry polymorphic_function (x: i32) : (i32, f64) = (twice (* 2) x, twice (+ 1.5) 3.0)

-- polymorphic_pair: Type parameters in tuples: swapping a pair.
-- ==
-- entry: polymorphic_pair
-- input { 1 true } output { true 1 }

def swap 'a 'b ((x, y): (a, b)) : (b, a) = (y, x)

entry polymorphic_pair (x: i32) (b: bool) : (bool, i32) = swap (x, b)

-- recursive_style_loop: A loop computing a factorial with u64 arithmetic.
-- ==
-- entry: recursive_style_loop
-- input { 10u64 } output { 3628800u64 }

entry recursive_style_loop (n: u64) : u64 = loop acc = 1 for i < n do acc * (i + 1)

-- top_level_constant: Top-level constants used from functions (an array one copied: a
-- function's result may not alias a top-level array).
-- ==
-- entry: top_level_constant
-- input { 2 } output { 14 [1, 2, 3] }

def k : i32 = 7
def table = [1, 2, 3]

entry top_level_constant (x: i32) : (i32, []i32) = (k * x, copy table)

-- user_operator: A user-defined operator takes the precedence of its first character.
-- ==
-- entry: user_operator
-- input { 1 } output { 123 25 }

def (+^) (a: i32) (b: i32) = a * 10 + b
def (*^) (a: i32) (b: i32) = a * b + 1

entry user_operator (x: i32) : (i32, i32) = (x +^ 2 +^ 3, 2 +^ 2 *^ 2)
