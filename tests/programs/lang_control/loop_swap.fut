-- Loops whose arrays trade places each iteration (double and triple buffers). The new value
-- of each consumed loop parameter is another parameter, which aliases nothing outside the
-- loop and not the other results, so the uniqueness checker accepts it; the compiled
-- backends exchange the arrays' memory at the end of each iteration (Note [Loops
-- exchanging their arrays] in src/imp/LowerStm.cpp) instead of copying.

-- Two arrays, one updated in place: odd and even numbers of iterations, and none.
-- ==
-- entry: main
-- input { 3i64 } output { [0i64, 1i64, 0i64] [1i64, 0i64, 1i64] }
-- input { 4i64 } output { [1i64, 0i64, 1i64, 0i64] [0i64, 1i64, 0i64, 1i64] }
-- input { 0i64 } output { empty([0]i64) empty([0]i64) }
entry main (n: i64) : ([]i64, []i64) =
  loop (a, b) = (replicate n 0, replicate n 0) for i < n do
    let a[i] = 1
    in (b, a)

-- Three arrays rotating, each updated in place before it moves on; an odd and an even
-- number of iterations.
-- ==
-- entry: rotate3
-- input { 4i64 } output { [0i64, 2i64, 0i64, 0i64] [0i64, 0i64, 3i64, 0i64] [1i64, 0i64, 0i64, 4i64] }
-- input { 5i64 } output { [0i64, 0i64, 3i64, 0i64, 0i64] [1i64, 0i64, 0i64, 4i64, 0i64] [0i64, 2i64, 0i64, 0i64, 5i64] }
entry rotate3 (n: i64) : ([]i64, []i64, []i64) =
  loop (a, b, c) = (replicate n 0, replicate n 0, replicate n 0) for i < n do
    let a[i] = i + 1
    in (b, c, a)

-- Both arrays updated in place, with a scalar carried beside them that counts the swaps
-- and reads both arrays.
-- ==
-- entry: swap_count
-- input { [1i32, 2i32, 3i32] 3i64 } output { 3i64 510i32 [10i32, 200i32, 3i32] [10i32, 2i32, 300i32] }
-- input { [1i32, 2i32, 3i32] 2i64 } output { 2i64 210i32 [10i32, 2i32, 30i32] [1i32, 200i32, 3i32] }
entry swap_count [n] (xs: [n]i32) (k: i64) : (i64, i32, [n]i32, [n]i32) =
  loop (count, s, a, b) = (0, 0, copy xs, copy xs) for i < k do
    let a[i % n] = a[i % n] * 10
    let b[(i + 1) % n] = b[(i + 1) % n] * 10
    in (count + 1, s + a[i % n] + b[0] - b[0], b, a)

-- A stencil ping-pong: each step writes the smoothed `cur` into the other buffer, which is
-- then read in its turn; the kernel reads one block while the next iteration writes the
-- other.
-- ==
-- entry: smooth
-- input { [0f32, 0f32, 8f32, 0f32, 0f32] 1i64 } output { [0f32, 2f32, 4f32, 2f32, 0f32] }
-- input { [0f32, 0f32, 8f32, 0f32, 0f32] 2i64 } output { [0.5f32, 2f32, 3f32, 2f32, 0.5f32] }
-- input { [0f32, 0f32, 8f32, 0f32, 0f32] 3i64 } output { [0.875f32, 1.875f32, 2.5f32, 1.875f32, 0.875f32] }
entry smooth [n] (xs: [n]f32) (steps: i64) : [n]f32 =
  let (cur, _) =
    loop (cur, nxt) = (copy xs, replicate n 0) for _s < steps do
      let sm = tabulate n (\i -> let l = cur[i64.max 0 (i - 1)]
                                 let r = cur[i64.min (n - 1) (i + 1)]
                                 in (l + 2 * cur[i] + r) / 4)
      let nxt = scatter nxt (iota n) sm
      in (nxt, cur)
  in cur

-- A double buffer in each thread of a kernel (mem/ keeps each merge parameter in one
-- memory there, so the exchange is a copy).
-- ==
-- entry: inkernel
-- input { [[1i32,2i32,3i32],[4i32,5i32,6i32]] 3i64 } output { [[2i32, 0i32, 4i32], [5i32, 0i32, 7i32]] }
entry inkernel [m][n] (xss: [m][n]i32) (k: i64) : [m][n]i32 =
  map (\xs -> let (a, _) = loop (a, b) = (copy xs, replicate n 0) for i < k do
                 let b[i % n] = a[i % n] + 1 in (b, a)
              in a) xss

-- Arrays of different sizes trading places: their sizes are exchanged with their memory.
-- ==
-- entry: sizes
-- input { 3i64 } output { [1i64, 2i64, 3i64, 4i64, 5i64] [2i64, 3i64] }
entry sizes (k: i64) : ([]i64, []i64) =
  loop (a, b) = (iota 2, iota 5) for i < k do
    let c = map (+1) a in (b, c)

-- A swapping loop inside a swapping loop.
-- ==
-- entry: nested
-- input { 3i64 4i64 } output { [3i64, 5i64, 3i64, 5i64] [6i64, 2i64, 6i64, 2i64] }
entry nested (k: i64) (n: i64) : ([]i64, []i64) =
  loop (a, b) = (replicate n 0, replicate n 1) for j < k do
    let (c, d) = loop (c, d) = (copy a, copy b) for i < n do
      let c[i] = c[i] + d[i] + j in (d, c)
    in (d, c)

-- The exchange decided by a branch each iteration.
-- ==
-- entry: cond
-- input { 5i64 } output { [7i64, 1i64, 2i64, 1i64] [4i64, 0i64, 0i64, 0i64] }
entry cond (k: i64) : ([]i64, []i64) =
  loop (a, b) = (replicate 4 0, replicate 4 1) for i < k do
    if i % 2 == 0 then (b, a with [i % 4] = i) else (a with [0] = 7, b)

-- A `while` loop swapping its arrays, the condition reading one of them.
-- ==
-- entry: while_swap
-- input { 5i64 } output { 3i64 [0i64, 1i64, 0i64, 0i64, 0i64] [0i64, 0i64, 2i64, 0i64, 0i64] }
entry while_swap (n: i64) : (i64, []i64, []i64) =
  loop (i, a, b) = (0, replicate n 0, replicate n 0) while i < n && b[0] + i < 3 do
    let a[i] = i
    in (i + 1, b, a)
