-- An abbreviation with a size parameter and a type parameter.
-- ==
-- input { [2.5, 1.0] } output { 2.5 2i64 }

type arr [n] 't = [n]t

def first [n] 't (xs: arr [n] t) : t = xs[0]
def count [n] 't (xs: arr [n] t) : i64 = n

entry main (xs: []f64) : (f64, i64) = (first xs, count xs)
