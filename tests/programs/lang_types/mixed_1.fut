-- lang_types: array_of_tuples_param, ascription, attributes, field_section,
-- lambda_tuple_param, let_patterns, record_of_arrays. One entry point and test block per
-- program, so that each backend builds this file once (docs/testing.md).

-- array_of_tuples_param: An entry point over an array of tuples built with zip.
-- ==
-- entry: array_of_tuples_param
-- input { [1, 2, 3] [4.0, 5.0, 6.0] } output { 32.0 }

entry array_of_tuples_param [n] (a: [n]i32) (b: [n]f64) : f64 =
  reduce (+) 0.0 (map (\(x, y) -> f64.i32 x * y) (zip a b))

-- ascription: Type ascriptions on expressions and patterns.
-- ==
-- entry: ascription
-- input { 2 } output { 2i64 [1, 2, 3] }

entry ascription (x: i32) : (i64, []i32) =
  let y : i64 = i64.i32 x
  in (y, [1, x, 3] : [3]i32)

-- attributes: Attributes on expressions do not change results.
-- ==
-- entry: attributes
-- input { 3 } output { 6 }

entry attributes (x: i32) : i32 =
  #[unroll] loop acc = 0 for i < x do #[trace] (acc + 2)

-- field_section: `(.1)` and `(.x)` project from each element.
-- ==
-- entry: field_section
-- input { [1, 2] [3, 4] } output { [3, 4] [1, 2] }

entry field_section [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32) =
  let ps = zip a b
  let rs = map (\(x, y) -> {x, y}) ps
  in (map (.1) ps, map (.x) rs)

-- lambda_tuple_param: Lambdas with tuple and record parameter patterns.
-- ==
-- entry: lambda_tuple_param
-- input { [1, 2] [10, 20] } output { [11, 22] [-9, -18] }

entry lambda_tuple_param [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  (map (\(a, b) -> a + b) (zip xs ys), map (\{a, b} -> a - b) (map2 (\a b -> {a, b}) xs ys))

-- let_patterns: Let with tuple, record, wildcard and ascribed patterns.
-- ==
-- entry: let_patterns
-- input { 5 } output { 17 }

entry let_patterns (x: i32) : i32 =
  let (a, b) = (x, 2)
  let {c, d = e} = {c = 3, d = 4}
  let (_, f) = (100, 3)
  let (g: i32) = 0
  in a + b + c + e + f + g - 0

-- record_of_arrays: Records may hold arrays; a field access then indexes.
-- ==
-- entry: record_of_arrays
-- input { [1, 2, 3] } output { 2 6 }

entry record_of_arrays (xs: []i32) : (i32, i32) =
  let r = {data = xs, scale = 2}
  in (r.data[1], r.scale * r.data[2])
