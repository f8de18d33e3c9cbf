-- Inside a functor, the parameter's abstract type is abstract even though every argument
-- given has `t = i32`: the body is checked against the parameter's module type alone.
-- ==
-- error: 12:19: error: cannot unify `P\.t` with a numeric type(.|\n)*7:3: note: `P\.t` is abstract: its module type hides its definition

module type counter = {
  type t
  val zero : t
}

module incr (P: counter) = {
  def one : P.t = P.zero + 1
}

module c = incr { type t = i32 def zero = 0i32 }

entry main : i32 = c.one
