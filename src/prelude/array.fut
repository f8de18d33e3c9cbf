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

-- | Triples up the elements of three arrays of the same size.
def zip3 'a 'b 'c [n] (as: [n]a) (bs: [n]b) (cs: [n]c) : [n](a, b, c) =
  __map (\(a, (b, c)) -> (a, b, c)) (__zip as (__zip bs cs))

-- | The inverse of `zip`.
def unzip 'a 'b [n] (xs: [n](a, b)) : ([n]a, [n]b) = __unzip xs

-- | The inverse of `zip3`.
def unzip3 'a 'b 'c [n] (xs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  let (as, bcs) = __unzip (__map (\(a, b, c) -> (a, (b, c))) xs)
  let (bs, cs) = __unzip bcs
  in (as, bs, cs)

-- | Swaps the two outer dimensions.
def transpose 't [n] [m] (a: [n][m]t) : [m][n]t = __transpose a

-- | Joins the two outer dimensions.
def flatten 't [n] [m] (a: [n][m]t) : []t = __flatten a

-- | Splits the outer dimension in two.
def unflatten 't (n: i64) (m: i64) (a: []t) : [n][m]t = __unflatten n m a

-- | The elements of `xs` followed by those of `ys`.
def concat 't (xs: []t) (ys: []t) : *[]t = __concat xs ys

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
