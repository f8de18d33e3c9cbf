-- Opaque ascription: a module's abstract types are used only through its module type,
-- which works for values, functions, nested modules, functor results and arrays of the
-- abstract type; the module's own code sees the definitions. A nested module's transparent
-- spec (`type base = t`) names the enclosing abstract type, which the module's `base` is.
-- ==
-- input { 5 } output { 7 [1, 2, 3] 15 11i64 }

module type counter = {
  type t
  val zero : t
  val incr : t -> t
  val get : t -> i32
  module wide : { type w type base = t val widen : base -> w val back : w -> i64 }
}

module c : counter = {
  type t = i32
  def zero : t = 0
  def incr (x: t) : t = x + 1
  def get (x: t) = x
  module wide = {
    type w = i64
    type base = t
    def widen (x: t) : w = i64.i32 x
    def back (x: w) = x + 10
  }
}

module type box = { type b val put : i32 -> b val take : b -> i32 }

module boxed (P: { val scale : i32 }) : box = {
  type b = i32
  def put (x: i32) = x * P.scale
  def take (x: b) = x
}

module three = boxed { def scale = 3i32 }

def twice (x: c.t) : c.t = c.incr (c.incr x)

entry main (x: i32) : (i32, []i32, i32, i64) =
  let counters : []c.t = map (\_ -> c.incr c.zero) (iota 3)
  let counted = map2 (\k (i: i64) -> c.get k + i32.i64 i) counters (iota 3)
  in (c.get (twice c.zero) + x, counted, three.take (three.put x), c.wide.back (c.wide.widen (c.incr c.zero)))
