-- Empty arrays keep the shape their type gives them: `[0][1]` stays `[0][1]` through entry
-- arguments and results, `filter`, an ascribed `[]`, a map over nothing and `replicate 0` of
-- a row whose size only the argument knows, and an empty result is no size mismatch with a
-- function's declared row size.
-- ==
-- entry: pass_through
-- input { empty([0][1]i32) }
-- output { empty([0][1]i32) }
-- input { [[4], [5]] }
-- output { [[4], [5]] }

entry pass_through (xs: [][1]i32) = xs

-- ==
-- entry: filtered
-- input { [[1], [2]] 5 }
-- output { empty([0][1]i32) }
-- input { [[1], [7]] 5 }
-- output { [[7]] }

entry filtered (xs: [][1]i32) (t: i32) = filter (\r -> r[0] > t) xs

-- ==
-- entry: tabulated
-- input { 0i64 }
-- output { empty([0][1]i32) empty([0][3]i32) }
-- input { 2i64 }
-- output { [[0], [1]] [[0, 1, 2], [1, 2, 3]] }

entry tabulated (n: i64) =
  (tabulate_2d n 1 (\i j -> i32.i64 (i + j)), tabulate_2d n 3 (\i j -> i32.i64 (i + j)))

-- ==
-- entry: ascribed_empty
-- input { 0i64 }
-- output { empty([0][1]i32) }

entry ascribed_empty (_n: i64) : [0][1]i32 = []

-- ==
-- entry: mapped_empty
-- input { empty([0]i32) }
-- output { empty([0][2]i32) }

entry mapped_empty (xs: []i32) : [][2]i32 = map (\x -> [x, x + 1]) xs

-- ==
-- entry: replicated_none
-- input { 0i64 [7, 8, 9] }
-- output { empty([0][3]i32) }
-- input { 2i64 [7] }
-- output { [[7], [7]] }

entry replicated_none (n: i64) (row: []i32) = replicate n row
