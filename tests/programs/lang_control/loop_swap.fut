-- Two arrays updated in place trade places each iteration; the new value of each consumed
-- loop parameter is the other parameter, which aliases nothing outside the loop and not the
-- other result, so the uniqueness checker accepts it. The GPU backends report "a loop that
-- exchanges the memory of its arrays is not supported yet" (mem/), so this file runs on
-- the interpreter only until they do.
-- ==
-- tags { no_opencl no_cuda }
-- input { 3i64 } output { [0i64, 1i64, 0i64] [1i64, 0i64, 1i64] }

entry main (n: i64) : ([]i64, []i64) =
  loop (a, b) = (replicate n 0, replicate n 0) for i < n do
    let a[i] = 1
    in (b, a)
