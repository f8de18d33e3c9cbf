-- decls: type_abbrev_arg_parenthesised, type_abbrev_in_entry, type_abbrev_unique,
-- type_array_of_abbrev, type_constant_size, type_lifted_function, type_lifted_param,
-- type_nested_abbrevs, type_param_pair. One entry point and test block per program, so
-- that each backend builds this file once (docs/testing.md).

-- type_abbrev_arg_parenthesised:
-- An array type as the argument of an abbreviation needs parentheses.
-- ==
-- entry: type_abbrev_arg_parenthesised
-- input { [1, 2, 3] } output { 6 3i64 }

type pair 'a = (a, a)

def both (p: pair ([]i32)) : (i32, i64) = (reduce (+) 0 p.0, length p.1)

entry type_abbrev_arg_parenthesised (xs: []i32) : (i32, i64) = both (xs, xs)

-- type_abbrev_in_entry:
-- Abbreviations with size parameters in an entry point's parameter types.
-- ==
-- entry: type_abbrev_in_entry
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] } output { 32f32 }

type vec [n] = [n]f32

entry type_abbrev_in_entry [n] (xs: vec [n]) (ys: vec [n]) : f32 = reduce (+) 0 (map2 (*) xs ys)

-- type_abbrev_unique: A unique parameter whose type is an abbreviation.
-- ==
-- entry: type_abbrev_unique
-- input { [1, 2] } output { [42, 2] }

type buf [n] = [n]i32

def set0 [n] (b: *buf [n]) : *buf [n] = b with [0] = 42

entry type_abbrev_unique (xs: *[]i32) : []i32 = set0 xs

-- type_array_of_abbrev:
-- An array of an abbreviation with a size parameter, inside another abbreviation.
-- ==
-- entry: type_array_of_abbrev
-- input { [[1, 2], [3, 4]] } output { 10 4i64 }

type ivec [n] = [n]i32
type rows [m][n] = [m](ivec [n])

def total [m][n] (a: rows [m] [n]) : i32 = reduce (+) 0 (map (\r -> reduce (+) 0 r) a)
def cells [m][n] (a: rows [m] [n]) : i64 = m * n

entry type_array_of_abbrev (a: [][]i32) : (i32, i64) = (total a, cells a)

-- type_constant_size: An abbreviation for an array of constant size.
-- ==
-- entry: type_constant_size
-- input { [4, 5, 6] } output { 15 }

type triple = [3]i32

def sum3 (t: triple) : i32 = t[0] + t[1] + t[2]

entry type_constant_size (xs: []i32) : i32 = sum3 (xs :> triple)

-- type_lifted_function: `type^` may abbreviate a function type.
-- ==
-- entry: type_lifted_function
-- input { [1, 2, 3] } output { 6 11 }

type^ op = i32 -> i32 -> i32

def fold_with (f: op) (xs: []i32) : i32 = loop acc = 0 for x in xs do f acc x

entry type_lifted_function (xs: []i32) : (i32, i32) = (fold_with (+) xs, fold_with (\a x -> a * 2 + x) xs)

-- type_lifted_param: A lifted abbreviation with a type parameter: endomorphisms.
-- ==
-- entry: type_lifted_param
-- input { 1 } output { 8 }
-- input { 3 } output { 24 }

type^ endo 'a = a -> a

def apply_n (n: i32) (f: endo i32) (x: i32) : i32 = loop y = x for _i < n do f y

entry type_lifted_param (x: i32) : i32 = apply_n 3 (* 2) x

-- type_nested_abbrevs: Abbreviations defined in terms of other abbreviations.
-- ==
-- entry: type_nested_abbrevs
-- input { 0 0 3 4 } output { 25 }

type point = (i32, i32)
type segment = (point, point)

def len2 (s: segment) : i32 =
  let dx = s.1.0 - s.0.0
  let dy = s.1.1 - s.0.1
  in dx * dx + dy * dy

entry type_nested_abbrevs (a: i32) (b: i32) (c: i32) (d: i32) : i32 = len2 ((a, b), (c, d))

-- type_param_pair:
-- A type abbreviation with a type parameter, used at a polymorphic function.
-- ==
-- entry: type_param_pair
-- input { 1 2 } output { 2 1 }

type twin 'a = (a, a)

def swap 'a (p: twin a) : twin a = (p.1, p.0)

entry type_param_pair (a: i32) (b: i32) : twin i32 = swap (a, b)
