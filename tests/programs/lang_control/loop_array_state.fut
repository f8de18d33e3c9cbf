-- A loop that updates an array in place each iteration.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }

entry main (n: i64) : []i64 =
  loop xs = replicate n 0 for i < n do xs with [i] = i * i
