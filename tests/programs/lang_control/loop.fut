-- lang_control: loop_array_state, loop_for, loop_for_in, loop_nested, loop_swap_unique,
-- loop_tuple_state, loop_unique_call, loop_while, loop_without_init. One entry point and
-- test block per program, so that each backend builds this file once (docs/testing.md).

-- loop_array_state: A loop that updates an array in place each iteration.
-- ==
-- entry: loop_array_state
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }

entry loop_array_state (n: i64) : []i64 =
  loop xs = replicate n 0 for i < n do xs with [i] = i * i

-- loop_for: A `for` loop summing its iterator.
-- ==
-- entry: loop_for
-- input { 5i64 } output { 10i64 }
-- input { 0i64 } output { 0i64 }

entry loop_for (n: i64) : i64 = loop acc = 0 for i < n do acc + i

-- loop_for_in: A `for ... in` loop over the elements of an array.
-- ==
-- entry: loop_for_in
-- input { [3, 1, 4] } output { 12 }

entry loop_for_in (xs: []i32) : i32 = loop prod = 1 for x in xs do prod * x

-- loop_nested: Nested loops computing a triangular number of steps.
-- ==
-- entry: loop_nested
-- input { 4 } output { 10 }

entry loop_nested (n: i32) : i32 =
  loop s = 0 for i < n do
    loop s for j < i + 1 do s + 1

-- loop_tuple_state: Fibonacci with a tuple loop state.
-- ==
-- entry: loop_tuple_state
-- input { 10 } output { 55 }
-- input { 1 } output { 1 }

entry loop_tuple_state (n: i32) : i32 =
  let (a, _) = loop (a, b) = (0, 1) for _i < n do (b, a + b)
  in a

-- loop_while: A `while` loop: the Collatz steps from 6 (6 3 10 5 16 8 4 2 1).
-- ==
-- entry: loop_while
-- input { 6 } output { 8 }
-- input { 1 } output { 0 }

entry loop_while (n: i32) : i32 =
  let (_, steps) =
    loop (x, s) = (n, 0) while x != 1 do
      if x % 2 == 0 then (x / 2, s + 1) else (3 * x + 1, s + 1)
  in steps

-- loop_without_init: A loop without `= init` starts from the variable of the same name.
-- ==
-- entry: loop_without_init
-- input { 3 } output { 24 }

entry loop_without_init (x: i32) : i32 =
  let acc = x
  in loop acc for i < 3 do acc * 2

-- loop_fresh_hist: Each iteration builds a histogram into a fresh zeroed array; the zeroed
-- array must not be hoisted out of the loop, or the second iteration would add to the
-- first one's counts (the bug that disabled benchmarks/rodinia/kmeans.fut).
-- ==
-- entry: loop_fresh_hist
-- input { [0i64, 1i64, 1i64, 3i64] 3i32 } output { [[0i32, 3i32, 0i32, 0i32], [3i32, 9i32, 0i32, 3i32]] }

entry loop_fresh_hist [n] (is: [n]i64) (steps: i32) : [2][4]i32 =
  loop acc = replicate 2 (replicate 4 0i32) for _s < steps do
    let counts = hist (+) 0 4 is (replicate n 1i32)
    let rows = hist (map2 (+)) (replicate 4 0i32) 2 (map (\i -> i % 2) is) (replicate n counts)
    in map2 (map2 (+)) acc (map (map (\c -> c / 2)) rows)

-- loop_fresh_scatter: A scatter into a fresh array in every iteration.
-- ==
-- entry: loop_fresh_scatter
-- input { 3i64 } output { [3i64, 3i64, 3i64] }

entry loop_fresh_scatter (n: i64) : []i64 =
  loop acc = replicate n 0 for _s < 3 do
    let marks = scatter (replicate n 0) (iota n) (replicate n 1)
    in map2 (+) acc marks

-- loop_unique_call: The body updates both loop parameters through a function returning a
-- unique pair; the pair's components are distinct new arrays, so the checker accepts
-- them as the next values of the two consumed parameters.
-- ==
-- entry: loop_unique_call
-- input { 2i64 } output { [3i64, 0i64] [5i64, 5i64] }

def bump [n] (a: *[n]i64, b: *[n]i64) : (*[n]i64, *[n]i64) = (a with [0] = a[0] + 1, b)

entry loop_unique_call (n: i64) : ([]i64, []i64) =
  loop (a, b) = (replicate n 0, replicate n 5) for _i < 3 do
    let (a', b') = bump (a, b)
    in (a', b')
