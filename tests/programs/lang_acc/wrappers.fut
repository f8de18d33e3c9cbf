-- Accumulators as Futhark programs use them: wrappers with the arguments as one tuple, a
-- function shared by a scatter_stream and a reduce_by_index_stream, the accumulator
-- passed through a pair, and destinations that are arrays of pairs.
-- ==
-- entry: either
-- input { true [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }
-- output { [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] }
-- input { false [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }
-- output { [0, 0, 1, 1, 2, 2, 3, 3, 4, 4] }

type~ acc 't = intrinsics.acc t

def scatter_stream [k] 'a 'b (dest: *[k]a) (f: *acc ([k]a) -> b -> acc ([k]a)) (bs: []b)
    : *[k]a =
  intrinsics.scatter_stream (dest, f, bs) :> *[k]a

def reduce_by_index_stream [k] 'a 'b (dest: *[k]a) (op: a -> a -> a) (ne: a)
                                     (f: *acc ([k]a) -> b -> acc ([k]a)) (bs: []b) : *[k]a =
  intrinsics.hist_stream (dest, op, ne, f, bs) :> *[k]a

def write [n] 't (acc: *acc ([n]t)) (i: i64) (v: t) : *acc ([n]t) =
  intrinsics.acc_write (acc, i, v)

def first (x, _) = x

-- Element i writes i at 2i and 2i+1.
def twice (acc: *acc ([]i32)) i =
  let acc = first (acc, acc)
  let acc = write acc (i * 2) (i32.i64 i)
  in write acc (i * 2 + 1) (i32.i64 i)

entry either (add: bool) (xs: *[]i32) : []i32 =
  if add then reduce_by_index_stream xs (+) 0 twice (iota 5)
  else scatter_stream xs twice (iota 5)

-- Element i writes (i, i/2) at i.
-- ==
-- entry: pairs
-- input { [7, 7, 7] [7f32, 7f32, 7f32] } output { [0, 1, 7] [0f32, 0.5f32, 7f32] }

entry pairs [n] (xs: *[n]i32) (ys: *[n]f32) : ([]i32, []f32) =
  unzip (scatter_stream (zip xs ys)
           (\acc (i: i64) -> write acc i (i32.i64 i, f32.i64 i / 2)) (iota 2))

-- Sums of pairs by parity of i.
-- ==
-- entry: pair_sums
-- input { [1, 1] [0f32, 0f32] } output { [7, 5] [6f32, 4f32] }

entry pair_sums [n] (xs: *[n]i32) (ys: *[n]f32) : ([]i32, []f32) =
  unzip (reduce_by_index_stream (zip xs ys) (\(a, b) (c, d) -> (a + c, b + d)) (0, 0)
           (\acc (i: i64) -> write acc (i % 2) (i32.i64 i, f32.i64 i)) (iota 5))
