-- More than 2^31 elements through every primitive, checked against closed forms: a thread
-- or element index computed in 32 bits anywhere would wrap and give a wrong count, sum or
-- last element. n = 2^31 + 5. Only the GPU runs them (the arrays take up to 17 GB); on a
-- machine without a GPU the CUDA build is only compiled.
-- ==
-- tags { no_interp no_opencl }
-- entry: scan_ones
-- input { 2147483653i64 } output { 1i64 1073741827i64 2147483653i64 }
entry scan_ones (n: i64) : (i64, i64, i64) =
  let s = scan (+) 0 (replicate n 1i64)
  in (s[0], s[n / 2], s[n - 1])

-- ==
-- entry: sum_mod3
-- input { 2147483653i64 } output { 2147483652i64 }
entry sum_mod3 (n: i64) : i64 =
  reduce (+) 0 (map (\i -> i % 3) (iota n))

-- ==
-- entry: count_mod4
-- input { 2147483653i64 } output { [536870914i64, 536870913i64, 536870913i64, 536870913i64] }
entry count_mod4 (n: i64) : [4]i64 =
  hist (+) 0 4 (map (\i -> i % 4) (iota n)) (replicate n 1)

-- ==
-- entry: keep_even
-- input { 2147483653i64 } output { 1073741827i64 2147483652i64 }
entry keep_even (n: i64) : (i64, i64) =
  let kept = filter (\i -> i % 2 == 0) (iota n)
  in (length kept, kept[length kept - 1])

-- ==
-- entry: double_last
-- input { 2147483653i64 } output { 4294967304i64 }
entry double_last (n: i64) : i64 =
  let ys = map (\i -> 2 * i) (iota n)
  in ys[n - 1]
