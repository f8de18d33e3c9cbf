-- units: arrays of values without leaves (`[n]()`, Note [Arrays of units] in
-- internalise/InternaliseUnits.cpp) keep their sizes: made by `map` and `replicate`,
-- mapped over, zipped, concatenated, indexed, chosen by an `if` and nested.

-- ==
-- entry: mapped_length
-- input { [1, 2, 3] } output { 3i64 }
-- input { empty([0]i32) } output { 0i64 }
entry mapped_length (xs: []i32) : i64 =
  let us = map (\_ -> ()) xs
  in length us

-- ==
-- entry: replicated_count
-- input { 5i64 } output { 5i64 10i64 }
entry replicated_count (n: i64) : (i64, i64) =
  let us = replicate n ()
  let twos = map (\() -> 2i64) us
  in (i64.sum (map (\_ -> 1i64) us), i64.sum twos)

-- ==
-- entry: zipped
-- input { [4, 5, 6] } output { [4, 5, 6] 3i64 }
entry zipped (xs: []i32) : ([]i32, i64) =
  let pairs = zip xs (map (\_ -> ()) xs)
  let (ys, us) = unzip pairs
  in (map (\(x, ()) -> x) pairs, length us + 0 * length ys)

-- ==
-- entry: joined
-- input { 2i64 3i64 } output { 5i64 true }
entry joined (a: i64) (b: i64) : (i64, bool) =
  let us = replicate a () ++ replicate b ()
  in (length us, us[a] == ())

-- ==
-- entry: chosen
-- input { true 4i64 } output { 4i64 }
-- input { false 4i64 } output { 1i64 }
entry chosen (c: bool) (n: i64) : i64 =
  let us = if c then replicate n () else [()]
  in length us

-- ==
-- entry: nested
-- input { 3i64 4i64 } output { 3i64 4i64 12i64 }
entry nested (n: i64) (m: i64) : (i64, i64, i64) =
  let uss = replicate n (replicate m ())
  let counts = map (\us -> length us) uss
  in (length uss, counts[0], i64.sum counts)
