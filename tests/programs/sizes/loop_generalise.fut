-- A loop parameter whose size changes gets an existential size, carried as a merge
-- parameter beside the array; one whose size does not change keeps it (the result is
-- zipped with the initial value).
-- ==
-- input { [1, 2] } output { 16i64 [4, 8] }
-- input { empty([0]i32) } output { 0i64 empty([0]i32) }
-- entry: grow
-- input { [5] 3 } output { [5, 0, 1, 2] 8 }
-- input { [5] 0 } output { [5] 5 }
-- input { empty([0]i32) 2 } output { [0, 1] 1 }
-- input { empty([0]i32) 0 } output { empty([0]i32) 0 }
-- entry: shrink
-- input { [3, 1, 4, 1, 5] 4 } output { [4, 5] 18 }
-- input { [3, 1, 4, 1, 5] 0 } output { [3, 1, 4, 1, 5] 28 }
-- input { [3, 1, 4, 1, 5] 9 } output { empty([0]i32) 0 }
-- entry: halve
-- input { [1, 2, 3, 4, 5, 6, 7, 8] } output { [36] }
-- input { [1, 2, 3] } output { [3] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry main [n] (xs: [n]i32) : (i64, [n]i32) =
  let grown = loop acc = xs for _i < 3 do concat acc acc
  let same = loop acc = xs for _i < 2 do map (* 2) acc
  in (length grown, map (.0) (zip same xs))

-- Grows by one element per iteration.
entry grow (xs: []i32) (k: i32) : ([]i32, i32) =
  let acc = loop acc = xs for i < k do concat acc [i]
  in (acc, reduce (+) 0 acc)

-- Shrinks by a filter per iteration.
entry shrink (xs: []i32) (k: i32) : ([]i32, i32) =
  let acc = loop acc = xs for i < k do filter (> i) acc
  in (acc, reduce (+) 0 (map (* 2) acc))

-- Pairwise sums of the two halves until one element is left (an odd last element drops).
entry halve (xs: []i32) : []i32 =
  loop acc = xs while length acc > 1 do
    let h = length acc / 2
    in map2 (+) acc[0:h] acc[h:2 * h]
