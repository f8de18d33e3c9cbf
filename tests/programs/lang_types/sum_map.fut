-- Sum values in parallel code, slot sharing, nested sums, structural equality of arrays,
-- index sections with slices and `rotate` by any amount.
-- ==
-- entry: classify
-- input { [3, 0, -2, 5, -7] } output { 2i64 1i64 -9 }
-- compiled random input { [100000]i32 } auto output
-- structure gpu { SegRed 1 }
-- entry: shared
-- input { 1 } output { 7.5f32 false true true }
-- input { -4 } output { -4.0f32 true false true }
-- entry: arrays_equal
-- input { [[1, 2], [3, 4]] [[1, 2], [3, 4]] [1, 2] }
-- output { true true false true }
-- input { [[3, 4], [3, 4]] [[3, 4], [3, 5]] [3, 4] }
-- output { false true true false }
-- entry: sections
-- input { [[1, 2, 3, 4], [5, 6, 7, 8]] } output { [[2, 3], [6, 7]] [[5, 6, 7, 8], [1, 2, 3, 4]] }
-- entry: step_loop
-- input { 0 } output { 0 }
-- input { 3 } output { 3 }
-- input { 4 } output { -4 }
-- entry: rotations
-- input { [1, 2, 3] 5i64 } output { [3, 1, 2] [2, 3, 1] empty([0]i32) }
-- input { [1, 2, 3] -7i64 } output { [3, 1, 2] [2, 3, 1] empty([0]i32) }

type num = #neg i32 | #zero | #pos i32

def classify_one (x: i32) : num = if x < 0 then #neg x else if x == 0 then #zero else #pos x

-- (count of positives, count of zeros, sum of negatives)
entry classify (xs: []i32) : (i64, i64, i32) =
  let ns = map classify_one xs
  let parts = map (\n -> match n
                         case #pos _ -> (1i64, 0i64, 0)
                         case #zero -> (0, 1, 0)
                         case #neg v -> (0, 0, v)) ns
  in reduce (\(a, b, c) (d, e, f) -> (a + d, b + e, c + f)) (0, 0, 0) parts

-- #a and #b share their i32 slot; #b's f32 and #c's f32 share one slot; `inner` nests a sum.
type inner = #l i32 | #r
type shape = #a i32 | #b i32 f32 | #c f32 inner

def value (s: shape) : f32 =
  match s
  case #a x -> f32.i32 x
  case #b x y -> f32.i32 x + y
  case #c y (#l k) -> y + f32.i32 k
  case #c y _ -> y

entry shared (x: i32) : (f32, bool, bool, bool) =
  let s : shape = if x > 0 then #b x 6.5 else #a x
  let c : shape = #c 1.5 (#l x)
  in (value s, s == #a x, c == #c 1.5 (#l 1), c != #c 1.5 #r)

entry arrays_equal [n] [m] (a: [n][m]i32) (b: [n][m]i32) (c: [m]i32)
    : (bool, bool, bool, bool) =
  (a == b, a[0] == c, replicate n c == a, zip c c != zip a[0] a[1])

entry sections (xss: [][]i32) : ([][]i32, [][]i32) =
  (map (.[1:3]) xss, rotate 1 xss)

entry rotations (xs: []i32) (r: i64) : ([]i32, []i32, []i32) =
  (rotate r xs, rotate (r - 1) xs, rotate r (xs[0:0]))

-- A sum value as a loop's state: #zero, #pos 1, #neg -2, #pos 3, #neg -4, ...
entry step_loop (n: i32) : i32 =
  let s = loop (s : num) = #zero for _i < n do
            match s
            case #zero -> #pos 1
            case #pos k -> #neg (-(k + 1))
            case #neg k -> #pos (1 - k)
  in match s case #pos k -> k case #neg k -> k case #zero -> 0
