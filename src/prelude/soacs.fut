-- Second-order array combinators (SOACs), written over the intrinsics `__map`, `__reduce`,
-- ... that the type checker knows and later stages map to IR constructs.

-- | Applies `f` to every element: `map f [x0, x1] == [f x0, f x1]`.
def map 'a 'b [n] (f: a -> b) (as: [n]a) : *[n]b = __map f as

-- | The same as `map`.
def map1 'a 'b [n] (f: a -> b) (as: [n]a) : *[n]b = __map f as

-- | Like `map` over two arrays of the same size.
def map2 'a 'b 'c [n] (f: a -> b -> c) (as: [n]a) (bs: [n]b) : *[n]c =
  map (\(a, b) -> f a b) (__zip as bs)

-- | Like `map` over three arrays of the same size.
def map3 'a 'b 'c 'd [n] (f: a -> b -> c -> d) (as: [n]a) (bs: [n]b) (cs: [n]c) : *[n]d =
  map (\(a, (b, c)) -> f a b c) (__zip as (__zip bs cs))

-- | Like `map` over four arrays of the same size.
def map4 'a 'b 'c 'd 'e [n] (f: a -> b -> c -> d -> e) (as: [n]a) (bs: [n]b) (cs: [n]c)
         (ds: [n]d) : *[n]e =
  map (\(a, (b, (c, d))) -> f a b c d) (__zip as (__zip bs (__zip cs ds)))

-- | Like `map` over five arrays of the same size.
def map5 'a 'b 'c 'd 'e 'f [n] (f: a -> b -> c -> d -> e -> f) (as: [n]a) (bs: [n]b)
         (cs: [n]c) (ds: [n]d) (es: [n]e) : *[n]f =
  map (\(a, (b, (c, (d, e)))) -> f a b c d e) (__zip as (__zip bs (__zip cs (__zip ds es))))

-- | Reduces with an associative operator `op` whose neutral element is `ne`.
def reduce 'a (op: a -> a -> a) (ne: a) (as: []a) : a = __reduce op ne as

-- | Like `reduce`, for an operator that is also commutative.
def reduce_comm 'a (op: a -> a -> a) (ne: a) (as: []a) : a = __reduce_comm op ne as

-- | Inclusive prefix scan with an associative operator `op` with neutral element `ne`.
def scan 'a [n] (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a = __scan op ne as

-- | Exclusive prefix scan: element `i` combines the elements before `i` (the first is `ne`).
def exscan 'a [n] (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a =
  let inclusive = __scan op ne as
  in map (\i -> if i == 0 then ne else inclusive[i - 1]) (__iota n)

-- | The elements that satisfy `p`, in order.
def filter 'a (p: a -> bool) (as: []a) : *[]a = __filter p as

-- | The elements that satisfy `p`, and those that do not.
def partition 'a (p: a -> bool) (as: []a) : ([]a, []a) = __partition p as

-- | The elements that satisfy `p1`; of the others, those that satisfy `p2`; and the rest.
-- Each part keeps the order of `as`.
def partition2 'a (p1: a -> bool) (p2: a -> bool) (as: []a) : ([]a, []a, []a) =
  let (xs, rest) = __partition p1 as
  let (ys, zs) = __partition p2 rest
  in (xs, ys, zs)

-- | Writes `vs[i]` to `dest[is[i]]`; out-of-bounds indices are ignored.
def scatter 't [k] [n] (dest: *[n]t) (is: [k]i64) (vs: [k]t) : *[n]t = __scatter dest is vs

-- | Like `scatter` into a two-dimensional `dest`: writes `vs[i]` to
-- `dest[is[i].0, is[i].1]`; pairs outside `dest` are ignored.
def scatter_2d 't [k] [n] [m] (dest: *[n][m]t) (is: [k](i64, i64)) (vs: [k]t) : *[n][m]t =
  let flat_is = map (\(i, j) -> if i >= 0 && i < n && j >= 0 && j < m then i * m + j else -1) is
  in unflatten n m (__scatter (flatten dest) flat_is vs)

-- | Like `scatter` into a three-dimensional `dest`: writes `vs[i]` to
-- `dest[is[i].0, is[i].1, is[i].2]`; triples outside `dest` are ignored.
def scatter_3d 't [k] [n] [m] [l] (dest: *[n][m][l]t) (is: [k](i64, i64, i64)) (vs: [k]t)
    : *[n][m][l]t =
  let flat_is = map (\(i, j, h) -> if i >= 0 && i < n && j >= 0 && j < m && h >= 0 && h < l
                                   then (i * m + j) * l + h
                                   else -1) is
  in unflatten_3d n m l (__scatter (flatten_3d dest) flat_is vs)

-- | Combines `vs[i]` into `dest[is[i]]` with `op`; out-of-bounds indices are ignored.
def reduce_by_index 'a [k] [n] (dest: *[n]a) (op: a -> a -> a) (ne: a) (is: [k]i64) (vs: [k]a)
    : *[n]a =
  __hist dest op ne is vs

-- | Like `reduce_by_index` into a two-dimensional `dest`: `vs[i]` is combined into
-- `dest[is[i].0, is[i].1]`; pairs outside `dest` are ignored.
def reduce_by_index_2d 'a [k] [n] [m] (dest: *[n][m]a) (op: a -> a -> a) (ne: a)
    (is: [k](i64, i64)) (vs: [k]a) : *[n][m]a =
  let flat_is = map (\(i, j) -> if i >= 0 && i < n && j >= 0 && j < m then i * m + j else -1) is
  in unflatten n m (__hist (flatten dest) op ne flat_is vs)

-- | Like `reduce_by_index` into a three-dimensional `dest`: `vs[i]` is combined into
-- `dest[is[i].0, is[i].1, is[i].2]`; triples outside `dest` are ignored.
def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[n][m][l]a) (op: a -> a -> a) (ne: a)
    (is: [k](i64, i64, i64)) (vs: [k]a) : *[n][m][l]a =
  let flat_is = map (\(i, j, h) -> if i >= 0 && i < n && j >= 0 && j < m && h >= 0 && h < l
                                   then (i * m + j) * l + h
                                   else -1) is
  in unflatten_3d n m l (__hist (flatten_3d dest) op ne flat_is vs)

-- | An array of `k` copies of `x` in which `vs[i]` is written at `is[i]`; out-of-bounds
-- indices are ignored.
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t =
  __scatter (replicate k x) is vs

-- | A histogram of `k` buckets, each starting at `ne`, into which every `vs[i]` is combined
-- at bucket `is[i]` with `op`; out-of-bounds indices are ignored.
def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (vs: [n]a) : *[k]a =
  __hist (replicate k ne) op ne is vs

-- | Applies `f` to chunks of `as` and concatenates the results: `f k c` gets a chunk `c` of
-- `k` consecutive elements and must return `k` elements. How `as` is split into chunks is
-- unspecified, so the result must not depend on it.
def map_stream 'a 'b [n] (f: (k: i64) -> [k]a -> [k]b) (as: [n]a) : *[n]b =
  __map_stream f as

-- | Like `map_stream`; Futhark also allows non-contiguous chunks here. Fjord always passes
-- contiguous ones, which is one of the permitted splits.
def map_stream_per 'a 'b [n] (f: (k: i64) -> [k]a -> [k]b) (as: [n]a) : *[n]b =
  __map_stream f as

-- | Applies `f` to chunks of consecutive elements of `as` and combines the per-chunk results
-- with the associative `op`. `f 0 []` must be a neutral element of `op`, and the result must
-- not depend on how `as` is split into chunks.
def reduce_stream 'a 'b (op: b -> b -> b) (f: (k: i64) -> [k]a -> b) (as: []a) : b =
  __reduce_stream op f as

-- | Like `reduce_stream`, for an operator `op` that is also commutative.
def reduce_stream_per 'a 'b (op: b -> b -> b) (f: (k: i64) -> [k]a -> b) (as: []a) : b =
  __reduce_stream_per op f as

-- | Left fold: `foldl f acc [x0, x1] == f (f acc x0) x1`.
def foldl 'a 'b (f: a -> b -> a) (acc: a) (bs: []b) : a =
  loop acc for b in bs do f acc b

-- | Right fold: `foldr f acc [x0, x1] == f x0 (f x1 acc)`.
def foldr 'a 'b (f: b -> a -> a) (acc: a) (bs: []b) : a =
  loop acc for b in bs[::-1] do f b acc

-- | Whether every element satisfies `p`.
def all 'a (p: a -> bool) (as: []a) : bool = reduce (&&) true (map p as)

-- | Whether some element satisfies `p`.
def any 'a (p: a -> bool) (as: []a) : bool = reduce (||) false (map p as)
