-- Cases of a `match` with different sizes give it an existential size. (Compiled backends
-- do not take such a `match` yet.)
-- ==
-- tags { no_opencl no_cuda }
-- input { 0 [1, 2, 3] } output { 3i64 }
-- input { 1 [1, 2, 3] } output { 2i64 }
-- input { 2 [1, 2, 3] } output { 6i64 }

entry main (k: i32) (xs: []i32) : i64 =
  let ys = match k
           case 0 -> xs
           case 1 -> filter (> 1) xs
           case _ -> concat xs xs
  in length (zip ys ys)
