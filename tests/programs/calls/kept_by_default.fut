-- Without a hint, the inlining policy decides (Note [Inlining policy] in opt/Inline.cpp):
-- a large scalar function called from several places stays one function (a host function
-- at host level, a device function in kernels); small functions, functions called once,
-- and functions with arrays or parallelism in them are inlined (one segmented reduction
-- for `map spread xss` below, not a sequential loop per thread).
-- ==
-- entry: host_and_map
-- input { 5i32 [1i32, 2i32, 3i32] } output { 844i32 [631i32, 581i32, 338i32] }
-- input { 7i32 [-4i32, 0i32] } output { 730i32 [699i32, 499i32] }
-- random input { 3i32 [20000]i32 } auto output
-- structure inline { Apply 2 }
-- structure gpu { Apply 2 }

-- ==
-- entry: two_in_map
-- input { [1i32, 2i32] [3i32, 4i32] } output { [435i32, 764i32] }
-- random input { [10000]i32 [10000]i32 } auto output
-- structure gpu { Apply 2 SegMap 1 }

-- ==
-- entry: small_twice
-- input { [1i32, 2i32] } output { [7i32, 11i32] }
-- structure inline { Apply 0 }

-- ==
-- entry: large_once
-- input { [1i32, 2i32] } output { [44i32, 26i32] }
-- structure inline { Apply 0 }

-- ==
-- entry: parallel_inside
-- input { [[1f32, 2f32], [3f32, 4f32]] [5f32, 6f32] } output { [2f32, 2f32] 12f32 }
-- structure inline { Apply 0 }
-- structure gpu { SegRed 3 }

-- ==
-- entry: arrays_inside
-- input { [1i32, 2i32, 3i32] [4i32, 5i32] } output { 12i32 18i32 }
-- structure inline { Apply 0 }

-- ==
-- entry: checked
-- input { [1i32, 2i32] 3i32 } output { [3i32, 3i32] 5i32 }
-- input { [1i32, 2i32] 0i32 } error: kept_by_default.fut:122:

-- ==
-- entry: sum_argument
-- input { [1i32, -2i32] } output { [4i32, 3i32] }
-- structure core { Apply 0 }

-- A scrambler: more than 16 statements, scalars in and out.
def mix (x: i32) (y: i32): i32 =
  let a = x * 31 + y
  let b = a ^ (a >> 3)
  let c = b * 17 - x
  let d = c ^ (c << 5)
  let e = d + y * 7
  let f = e ^ (e >> 11)
  let g = f * 13 + 1
  let h = g ^ (g >> 2)
  let i = h + a - b
  in (i & 0xffff) % 1000

entry host_and_map (x: i32) (ys: []i32) = (mix x 3, map (\y -> mix y x) ys)

entry two_in_map [n] (xs: [n]i32) (ys: [n]i32) = map2 (\x y -> mix x y + mix y x) xs ys

def small (x: i32): i32 = 2 * x + 3

entry small_twice (xs: []i32) = map small (map (\x -> small x - 3) xs)

-- Large, but called once.
def once (x: i32): i32 =
  let a = x + 1 let b = a * 2 let c = b - 2 let d = c + x let e = d * 3
  let f = e - x let g = f + 1 let h = g - 1 let i = h * 1 let j = i + 10
  let k = j - 0 let l = k * 1 let m = l + 0 let o = m - 0 let p = o * 1
  let q = p + 0 let r = q - 0 let s = r * 1
  in if x > 1 then s else s + 26

entry large_once (xs: []i32) = map once xs

-- Large and called twice, but holding a reduction: inlined, so that the call inside the
-- map becomes a segmented reduction instead of a sequential loop per thread.
def spread (xs: []f32): f32 =
  let lo = f32.minimum xs
  let hi = f32.maximum xs
  let s = f32.sum xs
  let n = f32.i64 (length xs)
  let mean = s / n
  let a = hi - lo
  let b = a + mean
  let c = b - mean
  let d = c * 1
  let e = d + 0
  in e + lo + hi - lo - hi + mean - mean + s - s + n - n + 1

entry parallel_inside [n][m] (xss: [n][m]f32) (ys: [m]f32) =
  (map spread xss, spread ys + spread (map (* 2) ys) + 7)

-- Large and called twice, with an array parameter: inlined.
def sum_sq (xs: []i32): i32 =
  loop acc = 0 for x in xs do
    let a = x * x let b = a + 0 let c = b * 1 let d = c - 0 let e = d + acc
    let f = e * 1 let g = f + 0 let h = g - 0 let i = h * 1 let j = i + 0
    let k = j * 1 let l = k - 0 let m = l + 0 let o = m * 1 let p = o - 0
    let q = p + 0 let r = q - 0 let s = r * 1
    in s

entry arrays_inside (xs: []i32) (ys: []i32) = (sum_sq xs - 2, sum_sq ys - 23)

-- A check inside a kept function reports its own line, whichever call fails.
def divided (x: i32) (k: i32): i32 =
  let a = x * 31 + k
  let b = a ^ (a >> 3)
  let c = b * 17 - x
  let d = c ^ (c << 5)
  let e = d + k * 7
  let f = e ^ (e >> 11)
  let g = f * 13 + 1
  let h = g ^ (g >> 2)
  let i = h + a - b
  in (i - i + x * k) / k

entry checked (xs: []i32) (k: i32) = (map (\x -> divided x k + k - x) xs, divided k k + 2)

type opt = #none | #some i32

-- Large, but taking a sum type: inlined when internalised.
def or_zero (o: opt) (bias: i32): i32 =
  let v = match o
          case #none -> 0
          case #some x -> x
  let a = v + bias let b = a * 1 let c = b - 0 let d = c + 0 let e = d * 1
  let f = e - 0 let g = f + 0 let h = g * 1 let i = h - 0 let j = i + 0
  let k = j * 1 let l = k - 0 let m = l + 0 let o = m * 1 let p = o - 0
  in p

entry sum_argument (xs: []i32) =
  map (\x -> or_zero (if x > 0 then #some x else #none) 3 + or_zero #none 0) xs

-- A polymorphic function returning an array of tuples returns one size for all its
-- components: the map over the unzipped result sees them as arrays of one size.
-- ==
-- entry: rev_tuples
-- input { [1i32, 2i32, 3i32] [1f32, 2f32, 3f32] [4i64, 5i64, 6i64] }
-- output { [4i32, 3i32, 2i32] [3f32, 2f32, 1f32] [6i64, 5i64, 4i64] }
-- input { empty([0]i32) empty([0]f32) empty([0]i64) }
-- output { empty([0]i32) empty([0]f32) empty([0]i64) }
-- random input { [5000]i32 [5000]f32 [5000]i64 } auto output

def rev 't (xs: []t) = xs[::-1]

entry rev_tuples (a: []i32) (b: []f32) (c: []i64) =
  let (x, y, z) = unzip3 (rev (zip3 a b c))
  in (map (+ 1) x, y, z)
