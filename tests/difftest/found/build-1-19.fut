-- Found by scripts/difftest.sh (seed 1, program 19), reduced by hand from that program.
-- OPEN BUG: the generated OpenCL host code does not compile: g++ -Werror reports
-- "variable 'count' set but not used" (and 'count_2'): v is dead, yet both branches' filters
-- keep their scan and the read of the count, whose value nothing uses.
-- `fjord test --backend opencl` fails with "building the generated code failed".
-- ==
-- input { [1, 2, 3] 2 } auto output
entry main [n] (xs: [n]i32) (k: i32) : []i32 =
  let v: i64 = if reduce (+) 0 xs == k
               then length (filter (\x -> x > k) (loop (acc: [n]i32) = copy xs for i < 1 do acc with [0] = k))
               else length (filter (\x -> x != 6) xs)
  in xs
