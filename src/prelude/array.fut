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
