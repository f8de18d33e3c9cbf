-- An exclusive prefix sum from an inclusive scan.
-- ==
-- input { [3, 1, 4] } output { [0, 3, 4] }

entry main (xs: []i32) : []i32 =
  let inc = scan (+) 0 xs
  in map (\i -> if i == 0 then 0 else inc[i - 1]) (indices xs)
