-- The size argument of an abstract type is part of the type: a `v.vec [n]` is not a
-- `v.vec [m]` for another size, and not the array that defines it.
-- ==
-- error: 18:39: error: cannot unify `\[3\]f32` with `v\.vec \[3\]`(.|\n)*7:3: note: `v\.vec` is abstract

module type vector = {
  type vec [n]
  val zeros : (n: i64) -> vec [n]
  val dot [n] : vec [n] -> vec [n] -> f32
}

module v : vector = {
  type vec [n] = [n]f32
  def zeros (n: i64) : vec [n] = replicate n 0
  def dot [n] (a: vec [n]) (b: vec [n]) : f32 = f32.sum (map2 (*) a b)
}

entry main : f32 = v.dot (v.zeros 3) (v.zeros 3 : [3]f32)
