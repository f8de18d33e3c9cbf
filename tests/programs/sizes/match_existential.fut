-- Cases of a `match` with different sizes give it an existential size, which the `if`s
-- that the `match` becomes return beside the array.
-- ==
-- input { 0 [1, 2, 3] } output { 3i64 }
-- input { 1 [1, 2, 3] } output { 2i64 }
-- input { 2 [1, 2, 3] } output { 6i64 }
-- input { 1 [1] } output { 0i64 }
-- input { 2 empty([0]i32) } output { 0i64 }
-- entry: sum_cases
-- input { 0 [1, 2, 3] } output { [10, 20, 30] 6 }
-- input { 1 [1, 2, 3] } output { [20, 30] 5 }
-- input { 7 [1, 2, 3] } output { [10, 20, 30, 10, 20, 30] 12 }
-- input { 1 [0, 1] } output { empty([0]i32) 0 }

entry main (k: i32) (xs: []i32) : i64 =
  let ys = match k
           case 0 -> xs
           case 1 -> filter (> 1) xs
           case _ -> concat xs xs
  in length (zip ys ys)

entry sum_cases (k: i32) (xs: []i32) : ([]i32, i32) =
  let ys = match k
           case 0 -> xs
           case 1 -> filter (> 1) xs
           case _ -> concat xs xs
  in (map (* 10) ys, reduce (+) 0 ys)
