-- Functions called from kernel code and the user's operators of reductions, scans and
-- histograms are device functions (Note [Calls in Imp]): printed once, called from every
-- kernel and combine site. These check their values, and that a failed check inside one
-- still stops the entry point with the message of that check.
-- ==
-- entry: picks
-- input { [10i32, 20i32, 30i32] [2i64, 0i64, 1i64] } output { [61i32, 21i32, 41i32] }
-- input { [10i32, 20i32, 30i32] [0i64, 3i64] } error: device_functions.fut:44:38
-- random input { [1000]i32 [3000]i64 } auto output

-- ==
-- entry: divmods
-- input { [7i32, -7i32, 9i32] [2i32, 2i32, 3i32] } output { [3i32, -4i32, 3i32] [1i32, 1i32, 0i32] }
-- input { [7i32, 1i32] [2i32, 0i32] } error: device_functions.fut:47:
-- structure gpu { Apply 1 }

-- ==
-- entry: offsets
-- input { [1i32, 2i32, 3i32] [2i64, 1i64] } output { [15i32, 10i32] }
-- input { [1i32, 2i32, 3i32] [1i64, 0i64] } error: device_functions.fut:44:38
-- input { [1i32, 2i32, 3i32] [5i64] } error: device_functions.fut:57:52

-- ==
-- entry: host_and_kernel
-- input { 4i32 [1i32, 2i32] } output { 5i32 [2i32, 3i32] }

-- ==
-- entry: compose
-- input { [2i32, 3i32, 1i32] [1i32, 0i32, 5i32] } output { 6i32 8i32 [2i32, 6i32, 6i32] [1i32, 3i32, 8i32] }
-- input { empty([0]i32) empty([0]i32) } output { 1i32 0i32 empty([0]i32) empty([0]i32) }
-- random input { [100000]i32 [100000]i32 } auto output

-- ==
-- entry: mod_sum
-- input { [5i32, 6i32, 7i32] 4i32 } output { 2i32 }
-- random input { [70000]i32 97i32 } auto output

-- ==
-- entry: hist_or_plus
-- input { [0i64, 1i64, 0i64, 2i64] [1i32, 2i32, 3i32, 4i32] } output { [3i32, 0i32, 0i32] }
-- random input { [50000]i64 [50000]i32 } auto output

#[noinline]
def pick (xs: []i32) (i: i64): i32 = xs[i] * 2 + 1

#[noinline]
def divmod (a: i32) (b: i32): (i32, i32) = (a / b, a % b)

#[noinline]
def twice_pick (xs: []i32) (i: i64): i32 = pick xs i + pick xs (i - 1)

entry picks (xs: []i32) (is: []i64) = map (\i -> pick xs (i % 1000)) is

entry divmods [n] (as: [n]i32) (bs: [n]i32) = unzip (map2 divmod as bs)

-- The kernel's own check comes first; the function's checks get the codes after it.
entry offsets (xs: []i32) (is: []i64) = map (\i -> xs[i] + twice_pick xs i) is

#[noinline]
def inc (x: i32): i32 = x + 1

entry host_and_kernel (x: i32) (ys: []i32) = (inc x, map inc ys)

-- Composition of affine maps x -> a*x + b, in order: associative, not commutative.
def after (a1: i32, b1: i32) (a2: i32, b2: i32) = (a1 * a2, b1 * a2 + b2)

entry compose [n] (as: [n]i32) (bs: [n]i32) =
  let (a, b) = reduce after (1, 0) (zip as bs)
  let (sa, sb) = unzip (scan after (1, 0) (zip as bs))
  in (a, b, sa, sb)

-- An operator with a free variable: the device function takes it as a parameter.
entry mod_sum (xs: []i32) (m: i32) = reduce (\a b -> (a + b) % m) 0 (map (\x -> x % m) xs)

-- (a + 1) * (b + 1) - 1: commutative and associative with neutral 0, not a built-in atomic.
entry hist_or_plus [n] (is: [n]i64) (vs: [n]i32) =
  hist (\a b -> a * b + a + b) 0 3 (map (\i -> i % 3) is) (map (\v -> v % 2) vs)

-- ==
-- entry: seg_compose
-- input { [[2i32, 3i32], [1i32, 4i32]] [[1i32, 0i32], [5i32, 2i32]] } output { [6i32, 4i32] [3i32, 22i32] }
-- random input { [300][700]i32 [300][700]i32 } auto output

-- A segmented reduction with the tuple operator: one device function for every segment.
entry seg_compose [n][m] (as: [n][m]i32) (bs: [n][m]i32) =
  unzip (map2 (\a b -> reduce after (1, 0) (zip a b)) as bs)

-- ==
-- entry: large_inline
-- input { [1i32, 2i32, 3i32] } output { [16i32, 32i32, 48i32] }
-- structure gpu { Apply 0 }

-- `#[inline]` decides: inlined at both calls in the kernel, however large.
#[inline]
def large_inlined (x: i32): i32 =
  let a = x + 1 let b = a * 2 let c = b - 2 let d = c + x let e = d * 3
  let f = e - x let g = f + 1 let h = g - 1 let i = h * 1 let j = i + 0
  let k = j - 0 let l = k * 1 let m = l + 0 let o = m - 0 let p = o * 1
  let q = p + 0 let r = q - 0 let s = r * 1
  in s / 2

entry large_inline (xs: []i32) = map (\x -> large_inlined x + large_inlined (x * 3)) xs
