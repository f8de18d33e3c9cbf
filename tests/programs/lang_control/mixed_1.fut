-- lang_control: assert_passes, backtick_operator, composition, functional_prelude,
-- higher_order_return, if_arrays, if_else, if_in_map, let_chain_without_in,
-- let_shadowing. One entry point and test block per program, so that each backend builds
-- this file once (docs/testing.md).

-- assert_passes: An assertion that holds returns its second operand.
-- ==
-- entry: assert_passes
-- input { 4 } output { 2 }

entry assert_passes (x: i32) : i32 = assert (x > 0) (x / 2)

-- backtick_operator: A function name in backticks is an infix operator.
-- ==
-- entry: backtick_operator
-- input { 3 } output { 13 }

def addmul (a: i32) (b: i32) = a * 4 + b

entry backtick_operator (x: i32) : i32 = x `addmul` 1

-- composition: Composing functions passed as arguments.
-- ==
-- entry: composition
-- input { [1, 2, 3] } output { [4, 6, 8] }

def compose 'a 'b 'c (f: b -> c) (g: a -> b) (x: a) : c = f (g x)

entry composition (xs: []i32) : []i32 = map (compose (* 2) (+ 1)) xs

-- functional_prelude: `id`, `const`, `flip`, `curry` and `uncurry`.
-- ==
-- entry: functional_prelude
-- input { 7 } output { 7 1 3 9 10 }

entry functional_prelude (x: i32) : (i32, i32, i32, i32, i32) =
  (id x, const 1 x, flip (-) 4 x, curry (\(a, b) -> a + b) 2 x, uncurry (+) (3, x))

-- higher_order_return: A function that returns a function (partial application).
-- ==
-- entry: higher_order_return
-- input { 5 } output { 15 8 }

def adder (n: i32) : i32 -> i32 = \x -> x + n
def add3 (a: i32) (b: i32) (c: i32) = a + b + c

entry higher_order_return (x: i32) : (i32, i32) =
  let f = adder 10
  let g = add3 1 2
  in (f x, g x)

-- if_arrays: A conditional choosing between two arrays.
-- ==
-- entry: if_arrays
-- input { true } output { [1, 2] }
-- input { false } output { [3, 4] }

entry if_arrays (b: bool) : []i32 = if b then [1, 2] else [3, 4]

-- if_else: Conditionals as expressions, chained.
-- ==
-- entry: if_else
-- input { 5 } output { 1 }
-- input { -5 } output { -1 }
-- input { 0 } output { 0 }

entry if_else (x: i32) : i32 = if x > 0 then 1 else if x < 0 then -1 else 0

-- if_in_map: A conditional inside a mapped lambda.
-- ==
-- entry: if_in_map
-- input { [-1, 0, 5] } output { [0, 0, 5] }

entry if_in_map (xs: []i32) : []i32 = map (\x -> if x < 0 then 0 else x) xs

-- let_chain_without_in: Consecutive lets need only one `in`.
-- ==
-- entry: let_chain_without_in
-- input { 2 } output { 12 }

entry let_chain_without_in (x: i32) : i32 =
  let y = x + 1
  let z = y * 4
  in z

-- let_shadowing: A later binding of the same name shadows the earlier one.
-- ==
-- entry: let_shadowing
-- input { 2 } output { 7 }

entry let_shadowing (x: i32) : i32 =
  let x = x + 1
  let x = x * 2
  in x + 1
