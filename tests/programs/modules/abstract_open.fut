-- Opening a sealed module, abstract types in records, equality on an abstract type, and an
-- entry point whose result has an abstract type (passed as its definition); more entries below.
-- ==
-- input { 4 } output { 3 false }

module type counter = { type t val zero : t val incr : t -> t val get : t -> i32 }

module c : counter = {
  type t = i32
  def zero : t = 0
  def incr (x: t) : t = x + 1
  def get (x: t) = x
}

module d = { open c def two = incr (incr zero) }

type tally = { count: c.t, label: i32 }

entry main (x: i32) : (i32, bool) =
  let r : tally = { count = c.incr c.zero, label = x }
  in (c.get d.two + c.get r.count, c.zero == r.count)

-- ==
-- entry: make
-- input { 1 } output { 1 }
-- input { -1 } output { 0 }

entry make (x: i32) : c.t = if x > 0 then c.incr c.zero else c.zero

-- A point-free entry point (eta-expanded) whose function consumes its argument, as the
-- `val` specification's unique parameter type allows.
-- ==
-- entry: zeroed
-- input { [5f32, 6f32, 7f32] } output { [0f32, 6f32, 7f32] }

module reset : { val first : *[]f32 -> []f32 } = {
  def first (xs: *[]f32) = xs with [0] = 0
}

entry zeroed = reset.first

-- A lifted abstract type (`type^`) defined as a function in one module and as a number in
-- another, whose `ap` is an operator section (its operand type met through the spec).
-- ==
-- entry: lifted
-- input { 3 } output { 13 9 }

module type applier = { type^ f val v : f val ap : f -> i32 -> i32 }

module add_ten : applier = { type^ f = i32 -> i32 def v = (+ 10) def ap g x = g x }

module times : applier = { type f = i32 def v = 3 def ap = (*) }

entry lifted (x: i32) = (add_ten.ap add_ten.v x, times.ap times.v x)
