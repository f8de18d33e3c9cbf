-- hist_stream (Futhark's `reduce_by_index_stream`): each write combines the value with the
-- destination's element by the operator; writes out of bounds are ignored. Internalised as
-- a histogram per write (Note [Accumulators] in internalise/InternaliseAcc.cpp).
-- ==
-- entry: counts
-- input { 4i64 [0, 1, 5, 3, 1, 7, 2, 1] } output { [1, 4, 1, 5] }
-- input { 3i64 empty([0]i32) } output { [0, 0, 2] }
-- compiled random input { 100i64 [100000]i32 } auto output
-- structure gpu { SegHist 1 }

type~ acc 't = intrinsics.acc t

def reduce_by_index_stream [k] 'a 'b (dest: *[k]a) (op: a -> a -> a) (ne: a)
                                     (f: *acc ([k]a) -> b -> acc ([k]a)) (bs: []b) : *[k]a =
  intrinsics.hist_stream dest op ne f bs :> *[k]a

def write [n] 't (acc: *acc ([n]t)) (i: i64) (v: t) : *acc ([n]t) =
  intrinsics.acc_write acc i v

-- Bucket x % k counts x; the buckets start at 0 except the last, which starts at k - 1.
entry counts (k: i64) (xs: []i32) : [k]i32 =
  let dest = tabulate k (\i -> if i == k - 1 then i32.i64 (k - 1) else 0)
  in reduce_by_index_stream dest (+) 0
       (\acc x -> write acc (i64.i32 x % k) 1) xs

-- Two writes per element into a maximum: x to bucket x / 10 and x + 1 to bucket 0;
-- negative buckets are ignored.
-- ==
-- entry: maxima
-- input { [3f32, 25f32, 14f32, 29f32, -15f32] }
-- output { [30f32, 14f32, 29f32] }
-- structure core { Hist 2 }

entry maxima (xs: []f32) : [3]f32 =
  reduce_by_index_stream (replicate 3 f32.lowest) f32.max f32.lowest
    (\(acc: *acc ([3]f32)) x ->
       let acc = write acc (i64.f32 (f32.floor (x / 10))) x
       in write acc 0 (x + 1))
    xs

-- Conditional writes: only even numbers are summed, into bucket x % 3.
-- ==
-- entry: even_sums
-- input { [2i64, 3i64, 4i64, 6i64, 7i64, 8i64] } output { [6i64, 4i64, 10i64] }

entry even_sums (xs: []i64) : [3]i64 =
  reduce_by_index_stream (replicate 3 0) (+) 0
    (\(acc: *acc ([3]i64)) x -> if x % 2 == 0 then write acc (x % 3) x else acc)
    xs

-- The accumulator is consumed by a write and used again in both branches of the `if`
-- of a function the stream calls.
-- ==
-- entry: nested_if
-- input { [1, 2, 3, 4, 5, 6] } output { [1, 10, 2, 12] }

def classify (acc: *acc ([4]i32)) (x: i32) : *acc ([4]i32) =
  let acc = write acc 0 (if x == 1 then 1 else 0)
  in if x % 2 == 0
     then if x > 3 then write acc 1 x else write acc 2 x
     else write acc 3 (x + 1)

entry nested_if (xs: []i32) : [4]i32 =
  reduce_by_index_stream (replicate 4 0) (+) 0 classify xs

-- Rows combined elementwise: element i adds the row [i, 1] to row i % 2.
-- ==
-- entry: row_sums
-- input { [[0, 0], [10, 10], [5, 5]] 5i64 } output { [[6, 3], [14, 12], [5, 5]] }

entry row_sums [k] (dest: *[k][2]i32) (n: i64) : [k][2]i32 =
  reduce_by_index_stream dest (map2 (+)) [0, 0]
    (\(acc: *acc ([k][2]i32)) (i: i64) -> write acc (i % 2) [i32.i64 i, 1])
    (iota n)
