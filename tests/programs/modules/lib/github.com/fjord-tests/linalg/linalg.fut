-- Small dense linear algebra over any real module.

module mk_linalg (R: real) = {
  type t = R.t
  def dot [n] (a: [n]t) (b: [n]t) : t = R.sum (map2 (R.*) a b)
  def matvec [n][m] (a: [n][m]t) (v: [m]t) : [n]t = map (\row -> dot row v) a
  def matmul [n][m][p] (a: [n][m]t) (b: [m][p]t) : [n][p]t =
    map (\row -> map (\col -> dot row col) (transpose b)) a
  def scale [n] (k: t) (v: [n]t) : [n]t = map (R.* k) v
}
