-- A functor with a result module type makes new abstract types at each application: the
-- types of two instances are distinct even though their definitions are equal.
-- ==
-- error: 13:35: error: cannot unify `a\.t` with `b\.t`

module type counter = { type t val zero : t val get : t -> i32 }

module F (P: { val k : i32 }) : counter = { type t = i32 def zero : t = P.k def get (x: t) = x }

module a = F { def k = 2i32 }
module b = F { def k = 3i32 }

entry main (x: i32) : i32 = a.get b.zero + x
