-- Module types with nested module specifications, `include` of a module type, `with`
-- on a nested type, parametric and size-parameterised types, and transparent type specs.
-- ==
-- input { 4i64 } output { [0, 1, 2, 3] 6 1.0f32 }

module type has_elem = { type elem }

module type seq = {
  include has_elem
  type seq [n] = [n]elem
  type pair 'a = (a, a)
  val iota : (n: i64) -> seq [n]
  val total [n] : seq [n] -> elem
  module scalar : { val half : elem -> f32 }
}

module ints : seq with elem = i32 = {
  type elem = i32
  type seq [n] = [n]i32
  type pair 'a = (a, a)
  def iota (n: i64) : seq [n] = map i32.i64 (0..<n)
  def total [n] (xs: seq [n]) : elem = reduce (+) 0 xs
  module scalar = { def half (x: i32) = f32.i32 x / 2 def unused = 0 }
}

def twice (p: ints.pair i32) : ints.pair i32 = (p.0 * 2, p.1 * 2)

entry main (n: i64) : ([]i32, i32, f32) =
  let xs = ints.iota n
  in (xs, ints.total xs, ints.scalar.half (twice (1, 2)).0)
