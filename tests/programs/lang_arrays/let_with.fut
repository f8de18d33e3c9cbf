-- `let a[i] = v` updates a fresh array.
-- ==
-- input { 3i64 } output { [0i64, 10i64, 2i64] }

entry main (n: i64) : []i64 =
  let a = iota n
  let a[1] = 10
  in a
