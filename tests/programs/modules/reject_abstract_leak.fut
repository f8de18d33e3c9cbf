-- Outside the module, an abstract type is not its definition: adding to a value of it is
-- rejected, naming the abstract type and where its module type declares it.
-- ==
-- error: 18:23: error: cannot unify `c\.t` with a numeric type(.|\n)*7:3: note: `c\.t` is abstract: its module type hides its definition

module type counter = {
  type t
  val zero : t
  val get : t -> i32
}

module c : counter = {
  type t = i32
  def zero : t = 0
  def get (x: t) = x
}

entry main (x: i32) = c.zero + x
