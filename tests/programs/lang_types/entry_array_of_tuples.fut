-- Entry points whose parameters and results are arrays of tuples or records: they pass as
-- one array per component (Futhark's convention), on every backend alike.
-- ==
-- input { [1, 2, 3] [0.5f32, 1.5f32, 2.5f32] 10 } output { [1.5f32, 3.5f32, 5.5f32] 16 }
-- input { empty([0]i32) empty([0]f32) 7 } output { empty([0]f32) 7 }
-- input { [1, 2] [0.5f32] 1 } error: size mismatch

entry main (xs: [](i32, f32)) (k: i32) : ([]f32, i32) =
  (map (\(a, b) -> f32.i32 a + b) xs, k + i32.sum (map (.0) xs))

-- ==
-- entry: records
-- input { [1, 2, 3] [true, false, true] } output { [1, -2, 3] }

-- A record's components come in field-name order.
entry records (ps: []{y: bool, x: i32}) : []i32 = map (\p -> if p.y then p.x else -p.x) ps

-- ==
-- entry: nested
-- input { [1, 2] [0.5f32, 2f32] [[1i64, 2i64], [3i64, 4i64]] }
-- output { [0.5f32, 4f32] [3i64, 7i64] [2, 3] [0.5f32, 2f32] }

-- Tuples nested in the element, an array inside it, and an array of tuples as a result.
entry nested (ps: [](i32, (f32, [2]i64))) : ([]f32, []i64, [](i32, f32)) =
  ( map (\(a, (b, _)) -> f32.i32 a * b) ps
  , map (\(_, (_, cs)) -> cs[0] + cs[1]) ps
  , map (\(a, (b, _)) -> (a + 1, b)) ps )

-- ==
-- entry: pair
-- input { 3 4i64 } output { 7i64 }

entry pair (p: (i32, i64)) : i64 = i64.i32 p.0 + p.1
