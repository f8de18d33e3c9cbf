-- decls: type_param_shadows_type, type_phantom_param, type_record_param,
-- type_size_and_type_param, type_size_checked_at_call, type_size_lifted,
-- type_size_param, type_size_param_result, type_sum_abbrev, type_two_size_params. One
-- entry point and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- type_param_shadows_type: A type parameter shadows an abbreviation of the same name.
-- ==
-- entry: type_param_shadows_type
-- input { 1.5f32 } output { 1.5f32 }

type t = i32
type box 't = {v: t}

entry type_param_shadows_type (x: f32) : f32 = ({v = x} : box f32).v

-- type_phantom_param: A type parameter that the definition does not use.
-- ==
-- entry: type_phantom_param
-- input { 1 } output { 2 }

type tagged 'a = i32

def mk (x: i32) : tagged bool = x + 1

entry type_phantom_param (x: i32) : i32 = mk x

-- type_record_param: A polymorphic record abbreviation and record update.
-- ==
-- entry: type_record_param
-- input { 2.5f32 } output { 7 2.5f32 }

type labelled 'a = {label: i32, value: a}

def relabel 'a (l: i32) (x: labelled a) : labelled a = x with label = l

entry type_record_param (x: f32) : (i32, f32) =
  let r = relabel 7 {label = 1, value = x}
  in (r.label, r.value)

-- type_size_and_type_param: An abbreviation with a size parameter and a type parameter.
-- ==
-- entry: type_size_and_type_param
-- input { [2.5, 1.0] } output { 2.5 2i64 }

type arr [n] 't = [n]t

def first [n] 't (xs: arr [n] t) : t = xs[0]
def count [n] 't (xs: arr [n] t) : i64 = n

entry type_size_and_type_param (xs: []f64) : (f64, i64) = (first xs, count xs)

-- type_size_checked_at_call:
-- A parameter of type `vec [3]` takes an array of unknown size through a size coercion,
-- which is checked at run time.
-- ==
-- entry: type_size_checked_at_call
-- input { [1, 2, 3] } output { 6 }
-- input { [1, 2] } error: size

type vec [n] = [n]i32

def three (xs: vec [3]) : i32 = xs[0] + xs[1] + xs[2]

entry type_size_checked_at_call (xs: []i32) : i32 = three (xs :> vec [3])

-- type_size_lifted: `type~` may hide a size.
-- ==
-- entry: type_size_lifted
-- input { 5i64 } output { [0, 2, 4] }
-- input { 0i64 } output { empty([0]i32) }

type~ ints = []i32

def evens (n: i64) : ints = filter (\x -> x % 2 == 0) (map i32.i64 (iota n))

entry type_size_lifted (n: i64) : []i32 = evens n

-- type_size_param:
-- A size parameter of a type abbreviation binds the size parameter of a function.
-- ==
-- entry: type_size_param
-- input { [5, 6, 7] } output { 3i64 }
-- input { empty([0]i32) } output { 0i64 }

type nvec [n] = [n]i32

def len [n] (xs: nvec [n]) : i64 = n

entry type_size_param (xs: []i32) : i64 = len xs

-- type_size_param_result:
-- An abbreviation with a size parameter in a parameter and in the result.
-- ==
-- entry: type_size_param_result
-- input { [1, 2] } output { [2, 3] }

type mvec [n] = [n]i32

def incr [n] (xs: mvec [n]) : mvec [n] = map (+ 1) xs

entry type_size_param_result (xs: []i32) : []i32 = incr xs

-- type_sum_abbrev: A sum type abbreviation with payloads.
-- ==
-- entry: type_sum_abbrev
-- input { 2 3 } output { 21 }

type shape = #circle i32 | #square i32

def area (s: shape) : i32 =
  match s
  case #circle r -> 3 * r * r
  case #square a -> a * a

entry type_sum_abbrev (r: i32) (a: i32) : i32 = area (#circle r) + area (#square a)

-- type_two_size_params: An abbreviation with two size parameters.
-- ==
-- entry: type_two_size_params
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 21 }

type matrix [n][m] = [n][m]i32

def dims [n][m] (a: matrix [n] [m]) : (i64, i64) = (n, m)
def total [n][m] (a: matrix [n] [m]) : i32 = reduce (+) 0 (flatten a)

entry type_two_size_params (a: [][]i32) : (i64, i64, i32) = let (r, c) = dims a in (r, c, total a)
