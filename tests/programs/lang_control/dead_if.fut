-- dead_if: an `if` whose value nothing uses, but whose branch holds a check that may fail
-- (here a bounds check in a loop), stays for the check; its result and the code computing
-- it must go. The generated host code once kept a filter's count that nothing read, and
-- `g++ -Werror` rejected it ("variable set but not used"; found by scripts/difftest.sh).

-- ==
-- entry: filter_count
-- input { [1, 2, 3] 2 } output { [1, 2, 3] }
-- input { [4, 1, 1] 6 } output { [4, 1, 1] }
-- input { empty([0]i32) 0 } error: out of bounds
entry filter_count [n] (xs: [n]i32) (k: i32) : [n]i32 =
  let unused: i64 =
    if i32.sum xs == k
    then let ys = loop acc = copy xs for _i < 1 do acc with [0] = k
         in length (filter (> k) ys)
    else length (filter (!= 6) xs)
  in xs

-- An `if` with two results of which one is used, and a size shared by both.
-- ==
-- entry: one_of_two
-- input { [5, 6, 7] true } output { 3i64 }
-- input { [5, 6, 7] false } output { 2i64 }
entry one_of_two (xs: []i32) (b: bool) : i64 =
  let (kept, dropped) =
    if b then (filter (> 0) xs, xs[0] + 1)
    else (filter (> 5) xs, xs[2] * 2)
  in length kept + i64.i32 (dropped - dropped)

-- In a kernel: the map's first result is unused, so its `if` goes, and with it the load
-- `zs[...]` its condition read (its bounds check stays). The CUDA build once failed under
-- `-Werror all-warnings`: an empty `if` was left out but its condition's variables were
-- kept, unused (difftest seed s9, program 5400).
-- ==
-- entry: in_kernel
-- input { [1, 2] [3, 4] [5, 6, 7] 7 } output { [-2i64, -2i64] }
-- input { [1, 9] [3, 4] [5] 0 } output { [-2i64, -2i64] }
entry in_kernel [n] [m] (xs: [n]i32) (ys: [n]i32) (zs: [m]i32) (k: i32) : []i64 =
  let (_, v) =
    unzip (map (\x -> ((if zs[i64.i32 x % m] != (k // -7) then reduce (+) 0 ys[0:0] else x),
                       i64.min (reduce (+) 0 (replicate m 2i64)) (-2i64))) xs)
  in v
