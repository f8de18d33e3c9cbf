-- Functors written as module lambdas, a functor returning a functor, and a parameter
-- whose module type refers to an earlier parameter (`with a = F.b`).
-- ==
-- input { 10 } output { 3 27 }

module type step = { type a type b val run : a -> b }

module chain = \(F: step) -> \(G: step with a = F.b) -> {
  type a = F.a
  type b = G.b
  def run (x: a) : b = G.run (F.run x)
}

module halve : step with a = i32 with b = f64 = {
  type a = i32
  type b = f64
  def run (x: i32) = f64.i32 x / 2
}

module round_down : step with a = f64 with b = i32 = {
  type a = f64
  type b = i32
  def run (x: f64) = i32.f64 (f64.floor x)
}

module scale (K: { val k : i32 }) (S: step with b = i32) = {
  def run (x: S.a) = K.k * S.run x
}

module twice = chain (chain halve round_down) (chain halve round_down)
module nine = scale { def k = 9i32 } (chain halve round_down)

entry main (x: i32) : (i32, i32) = (twice.run (x + 2), nine.run (x - 4))
