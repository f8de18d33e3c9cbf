-- decls: hof_compose_map, hof_curry_uncurry, hof_fold_loop, hof_functions_in_tuple,
-- hof_partial_application, hof_record_local_function, hof_return_function. One entry
-- point and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- hof_compose_map: Composition passed to `map`.
-- ==
-- entry: hof_compose_map
-- input { [1, 2] } output { [4, 7] }

def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)

entry hof_compose_map (xs: []i32) : []i32 = map (compose (+ 1) (* 3)) xs

-- hof_curry_uncurry: Currying and uncurrying.
-- ==
-- entry: hof_curry_uncurry
-- input { 7 2 } output { 5 14 }

def curry 'a 'b 'c (f: (a, b) -> c) (x: a) (y: b) : c = f (x, y)
def uncurry 'a 'b 'c (f: a -> b -> c) (p: (a, b)) : c = f p.0 p.1

entry hof_curry_uncurry (a: i32) (b: i32) : (i32, i32) =
  (curry (\(x, y) -> x - y) a b, uncurry (\x y -> x * y) (a, b))

-- hof_fold_loop: A polymorphic left fold written with a loop.
-- ==
-- entry: hof_fold_loop
-- input { [1, 2, 3] } output { 123 }

def fold 'a 'b (f: b -> a -> b) (z: b) (xs: []a) : b = loop acc = z for x in xs do f acc x

entry hof_fold_loop (xs: []i32) : i32 = fold (\acc x -> acc * 10 + x) 0 xs

-- hof_functions_in_tuple: A tuple of functions as an argument.
-- ==
-- entry: hof_functions_in_tuple
-- input { 5 } output { 6 10 }

def apply_both 'a 'b (fs: (a -> b, a -> b)) (x: a) : (b, b) = (fs.0 x, fs.1 x)

entry hof_functions_in_tuple (x: i32) : (i32, i32) = apply_both ((+ 1), (* 2)) x

-- hof_partial_application: Partial application of a top-level function.
-- ==
-- entry: hof_partial_application
-- input { [1, 2] } output { [3, 6] }

def scale (k: i32) (x: i32) : i32 = k * x

entry hof_partial_application (xs: []i32) : []i32 = map (scale 3) xs

-- hof_return_function: A function that returns a function.
-- ==
-- entry: hof_return_function
-- input { 5 } output { 15 6 }

def adder (n: i32) : i32 -> i32 = \x -> x + n

entry hof_return_function (x: i32) : (i32, i32) = let f = adder 10 in (f x, (adder 1) x)

-- hof_record_local_function: A record bound by `let` holds a local function that captured
-- a variable; the record's other fields are named values, its function is applied later.
-- ==
-- entry: hof_record_local_function
-- input { 2i64 5i64 } output { 17i64 }

entry hof_record_local_function (k: i64) (m: i64) : i64 =
  let r =
    (let base = m * 3
     let shift (y: i64) : i64 = y + base
     in {base, k, shift})
  in r.shift r.k
