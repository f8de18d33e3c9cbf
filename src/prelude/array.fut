-- Array construction, reshaping and slicing.
-- Prelude files are checked in name order, so a file may use only intrinsics and the
-- definitions of files before it (array < functional < numeric < soacs).

-- | `[0, 1, ..., n-1]`.
def iota (n: i64) : *[n]i64 = __iota n

-- | An array of `n` copies of `x`.
def replicate 't (n: i64) (x: t) : *[n]t = __replicate n x

-- | The number of elements (rows) of an array.
def length [n] 't (_: [n]t) : i64 = n

-- | The valid indices of an array: `iota (length xs)`.
def indices [n] 't (_: [n]t) : [n]i64 = iota n

-- | Pairs up the elements of two arrays of the same size.
def zip 'a 'b [n] (as: [n]a) (bs: [n]b) : *[n](a, b) = __zip as bs

-- | The same as `zip`.
def zip2 'a 'b [n] (as: [n]a) (bs: [n]b) : *[n](a, b) = __zip as bs

-- | Triples up the elements of three arrays of the same size.
def zip3 'a 'b 'c [n] (as: [n]a) (bs: [n]b) (cs: [n]c) : [n](a, b, c) =
  __map (\(a, (b, c)) -> (a, b, c)) (__zip as (__zip bs cs))

-- | Quadruples up the elements of four arrays of the same size.
def zip4 'a 'b 'c 'd [n] (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) : [n](a, b, c, d) =
  __map (\(a, (b, (c, d))) -> (a, b, c, d)) (__zip as (__zip bs (__zip cs ds)))

-- | Quintuples up the elements of five arrays of the same size.
def zip5 'a 'b 'c 'd 'e [n] (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e)
    : [n](a, b, c, d, e) =
  __map (\(a, (b, (c, (d, e)))) -> (a, b, c, d, e))
        (__zip as (__zip bs (__zip cs (__zip ds es))))

-- | The inverse of `zip`.
def unzip 'a 'b [n] (xs: [n](a, b)) : ([n]a, [n]b) = __unzip xs

-- | The same as `unzip`.
def unzip2 'a 'b [n] (xs: [n](a, b)) : ([n]a, [n]b) = __unzip xs

-- | The inverse of `zip3`.
def unzip3 'a 'b 'c [n] (xs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  let (as, bcs) = __unzip (__map (\(a, b, c) -> (a, (b, c))) xs)
  let (bs, cs) = __unzip bcs
  in (as, bs, cs)

-- | The inverse of `zip4`.
def unzip4 'a 'b 'c 'd [n] (xs: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  let (as, bcds) = __unzip (__map (\(a, b, c, d) -> (a, (b, c, d))) xs)
  let (bs, cs, ds) = unzip3 bcds
  in (as, bs, cs, ds)

-- | The inverse of `zip5`.
def unzip5 'a 'b 'c 'd 'e [n] (xs: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  let (as, bcdes) = __unzip (__map (\(a, b, c, d, e) -> (a, (b, c, d, e))) xs)
  let (bs, cs, ds, es) = unzip4 bcdes
  in (as, bs, cs, ds, es)

-- | `[f 0, f 1, ..., f (n-1)]`.
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a = __map f (iota n)

-- | The `[n][m]` array whose element `(i, j)` is `f i j`.
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  __map (\i -> __map (\j -> f i j) (iota m)) (iota n)

-- | The `[n][m][l]` array whose element `(i, j, k)` is `f i j k`.
def tabulate_3d 'a (n: i64) (m: i64) (l: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][l]a =
  __map (\i -> __map (\j -> __map (\k -> f i j k) (iota l)) (iota m)) (iota n)

-- | Whether the array has no elements.
def null 't (xs: []t) : bool = length xs == 0

-- | Swaps the two outer dimensions.
def transpose 't [n] [m] (a: [n][m]t) : [m][n]t = __transpose a

-- | Joins the two outer dimensions.
def flatten 't [n] [m] (a: [n][m]t) : [n*m]t = __flatten a

-- | Splits the outer dimension in two.
def unflatten 't (n: i64) (m: i64) (a: []t) : [n][m]t = __unflatten n m a

-- | Joins the three outer dimensions.
def flatten_3d 't [n] [m] [l] (a: [n][m][l]t) : [n*m*l]t = __flatten (__flatten a)

-- | Splits the outer dimension in three.
def unflatten_3d 't (n: i64) (m: i64) (l: i64) (a: []t) : [n][m][l]t =
  __unflatten n m (__unflatten (n * m) l a)

-- | Joins the four outer dimensions.
def flatten_4d 't [n] [m] [l] [k] (a: [n][m][l][k]t) : [n*m*l*k]t = __flatten (flatten_3d a)

-- | Splits the outer dimension in four.
def unflatten_4d 't (n: i64) (m: i64) (l: i64) (k: i64) (a: []t) : [n][m][l][k]t =
  __unflatten n m (unflatten_3d (n * m) l k a)

-- | The elements of `xs` followed by those of `ys`.
def concat 't [n] [m] (xs: [n]t) (ys: [m]t) : *[n+m]t = __concat xs ys

-- | Concatenation as an operator: `xs ++ ys == concat xs ys`.
def (++) 't [n] [m] (xs: [n]t) (ys: [m]t) : *[n+m]t = __concat xs ys

-- | Rotates left by `r` positions (right when negative).
def rotate 't [n] (r: i64) (xs: [n]t) : [n]t = __rotate r xs

-- | The elements in reverse order.
def reverse 't [n] (xs: [n]t) : [n]t = xs[::-1]

-- | The first element.
def head 't (xs: []t) : t = xs[0]

-- | The last element.
def last 't [n] (xs: [n]t) : t = xs[n - 1]

-- | All but the first element.
def tail 't (xs: []t) : []t = xs[1:]

-- | All but the last element.
def init 't [n] (xs: [n]t) : []t = xs[:n - 1]

-- | The first `i` elements.
def take 't (i: i64) (xs: []t) : [i]t = xs[:i]

-- | All but the first `i` elements.
def drop 't (i: i64) (xs: []t) : []t = xs[i:]

-- | `(take i xs, drop i xs)`.
def split 't (i: i64) (xs: []t) : ([i]t, []t) = (xs[:i], xs[i:])

-- | A copy of a value that aliases nothing else.
def copy 't (x: t) : *t = __copy x

-- | A copy laid out in row-major order. Fjord's copies always are, so this is `copy`.
def manifest 't (x: t) : *t = __copy x

-- | `xs` with its size stated as `n`; a run-time error if `n` is not its size.
def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t

-- LMAD slices (thesis §3.3): views of the elements of a one-dimensional array through an
-- offset and a size and stride per dimension. They are Fjord's `as[o + {(n : s), ...}]`
-- with Futhark's names; an address outside `as`, or an update target that may write an
-- element twice, is an error.

-- | The `[n0][n1]` array whose element `(i, j)` is `as[offset + i*s0 + j*s1]`.
def flat_index_2d [n] 't (as: [n]t) (offset: i64) (n0: i64) (s0: i64) (n1: i64) (s1: i64)
    : [n0][n1]t =
  as[offset + {(n0 : s0), (n1 : s1)}]

-- | `as` with `as[offset + i*s0 + j*s1] = vs[i, j]` for every `(i, j)`.
def flat_update_2d [n] [k] [l] 't (as: *[n]t) (offset: i64) (s0: i64) (s1: i64)
    (vs: [k][l]t) : *[n]t =
  as with [offset + {(k : s0), (l : s1)}] = vs

-- | The `[n0][n1][n2]` array whose element `(i, j, l)` is
-- `as[offset + i*s0 + j*s1 + l*s2]`.
def flat_index_3d [n] 't (as: [n]t) (offset: i64) (n0: i64) (s0: i64) (n1: i64) (s1: i64)
    (n2: i64) (s2: i64) : [n0][n1][n2]t =
  as[offset + {(n0 : s0), (n1 : s1), (n2 : s2)}]

-- | `as` with `as[offset + i*s0 + j*s1 + l*s2] = vs[i, j, l]` for every `(i, j, l)`.
def flat_update_3d [n] [k] [l] [m] 't (as: *[n]t) (offset: i64) (s0: i64) (s1: i64)
    (s2: i64) (vs: [k][l][m]t) : *[n]t =
  as with [offset + {(k : s0), (l : s1), (m : s2)}] = vs
