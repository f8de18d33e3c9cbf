-- Opening a sealed module, abstract types in records, equality on an abstract type, and an
-- entry point whose result has an abstract type (passed as its definition).
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
