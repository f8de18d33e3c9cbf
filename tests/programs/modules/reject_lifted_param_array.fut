-- A functor's body may not make arrays of its parameter's lifted abstract types: a
-- `type^` might be a function and a `type~` might have values of differing sizes (both
-- rejected where the functor is defined, before any application).
-- ==
-- error: 8:35: error: arrays of `F.fn` are not allowed: it is a lifted abstract type \(`type\^`\)(.|\n)*12:23: error: arrays of `G.row` are not allowed: it is a size-lifted abstract type \(`type~`\)

module keep (F: { type^ fn val f : fn }) = {
  def several (n: i64) : []F.fn = replicate n F.f
}

module table (G: { type~ row val mk : i64 -> row }) = {
  def rows (n: i64) = map G.mk (iota n)
}

entry main (x: i32) = x
