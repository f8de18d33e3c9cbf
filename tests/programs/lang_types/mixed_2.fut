-- lang_types: record_update, records, size_params, size_params_shared, tuple_equality,
-- tuples, type_abbreviation, unique_parameter, index_type_open, equality_generic,
-- operator_default, type_param_in_result, no_parameters. One entry point and test block per
-- program, so that each backend builds this file once (docs/testing.md).

-- record_update: `r with f = v` and nested `r with a.b = v`.
-- ==
-- entry: record_update
-- input { 1 } output { 1 10 20 3 }

entry record_update (x: i32) : (i32, i32, i32, i32) =
  let r = {a = {b = x, c = 3}, d = 2}
  let r2 = r with d = 10
  let r3 = r2 with a.b = 20
  in (r.a.b, r2.d, r3.a.b, r3.a.c)

-- records: Record construction, field access, punning and field order.
-- ==
-- entry: test_records
-- input { 2 } output { 2 5 7 }

entry test_records (x: i32) : (i32, i32, i32) =
  let y = 5
  let r = {y, x = x}
  let s = {b = r.x + r.y, a = 0}
  in (r.x, r.y, s.b + s.a)

-- size_params: Size parameters are bound from argument shapes and usable as values.
-- ==
-- entry: size_params
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 21 }

def dims [n] [m] (xss: [n][m]i32) : (i64, i64) = (n, m)
def total [n] (xs: [n]i32) : i32 = loop s = 0 for i < n do s + xs[i]

entry size_params (xss: [][]i32) : (i64, i64, i32) =
  let (n, m) = dims xss
  in (n, m, total (flatten xss))

-- size_params_shared: Two parameters sharing a size `[n]`.
-- ==
-- entry: size_params_shared
-- input { [1, 2, 3] [4, 5, 6] } output { 32 }

def dot [n] (xs: [n]i32) (ys: [n]i32) : i32 = i32.sum (map2 (*) xs ys)

entry size_params_shared [n] (xs: [n]i32) (ys: [n]i32) : i32 = dot xs ys

-- tuple_equality: Tuples, records and arrays compare structurally with `==`.
-- ==
-- entry: tuple_equality
-- input { 1 } output { true false true }
-- structure gpu { SegRed 1 }

entry tuple_equality (x: i32) : (bool, bool, bool) =
  ((x, 2) == (1, 2), {a = x} == {a = 2}, [x, 2] == [1, 2])

-- tuples: Tuple construction, projection with `.0` and nested tuples.
-- ==
-- entry: test_tuples
-- input { 1 } output { 1 3 6 }

entry test_tuples (x: i32) : (i32, i32, i32) =
  let t = (x, (2, 3))
  let u = (t.0, t.1.1, t.1.0 * t.1.1)
  in u

-- type_abbreviation: Type abbreviations, with and without parameters.
-- ==
-- entry: type_abbreviation
-- input { 1 2 } output { 3 [1, 2] }

type point = {x: i32, y: i32}
type pair 'a = (a, a)

def sum_point (p: point) : i32 = p.x + p.y
def to_array (p: pair i32) : []i32 = [p.0, p.1]

entry type_abbreviation (a: i32) (b: i32) : (i32, []i32) = (sum_point {x = a, y = b}, to_array (a, b))

-- unique_parameter: A function with a unique parameter updates its argument in place.
-- ==
-- entry: unique_parameter
-- input { [1, 2, 3] } output { [1, 2, 0] 6 }

def zero_last (xs: *[]i32) : *[]i32 = xs with [length xs - 1] = 0

entry unique_parameter (xs: []i32) : ([]i32, i32) =
  let ys = zero_last (copy xs)
  in (ys, i32.sum xs)

-- index_type_open: an index whose type is not yet known (a literal, a loop counter) may
-- still become another integer type by a later use.
-- ==
-- entry: index_type_open
-- input { [0, 0, 0, 0] } output { [0, 1, 2, 3] [9, 2, 0, 0] }

entry index_type_open (xs: []i32) : ([]i32, []i32) =
  let ys = loop ys = copy xs for i < 4 do ys with [i] = i
  let j = 1
  let zs = copy xs with [j] = j + 1
  in (ys, zs with [0] = 9)

-- equality_generic: `==` through a local function whose operand type its uses fix, on sum
-- types and arrays of records.
-- ==
-- entry: equality_generic
-- input { 3 } output { true false true }

type shape = #circle i32 | #square i32

entry equality_generic (x: i32) : (bool, bool, bool) =
  let same a b = a == b
  let s1 : shape = #circle x
  in (same s1 (#circle 3), same s1 (#square 3), [{a = x}] == [{a = 3}])

-- operator_default: a top-level function whose operands only an operator constrains has
-- type i32, as Futhark defaults it.
-- ==
-- entry: operator_default
-- input { 7 } output { 12 }

def add_five x = x + 5

entry operator_default (x: i32) : i32 = add_five x

-- type_param_in_result: a type parameter that only the parameter of the returned function
-- mentions is fixed by the argument that function is applied to.
-- ==
-- entry: type_param_in_result
-- input { 7 } output { 7 8 }

def ignoring 'a 'c (x: a) : c -> a = \(_: c) -> x

entry type_param_in_result (x: i32) : (i32, i32) =
  (ignoring x true, ignoring (x + 1) 2.5f32)

-- no_parameters: an entry point without parameters (a constant) runs, its generated
-- server function included (built with -Werror).
-- ==
-- entry: no_parameters
-- input { } output { [0i64, 1i64, 3i64, 6i64] }

entry no_parameters : []i64 = scan (+) 0 (iota 4)
