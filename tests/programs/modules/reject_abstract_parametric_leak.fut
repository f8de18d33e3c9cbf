-- Outside the module, an abstract type with a parameter is not its definition: taking the
-- length of a `s.stack i32` as if it were an array is rejected, naming the abstract type
-- and where its module type declares it.
-- ==
-- error: 20:10: error: cannot unify .* with `s\.stack i32`(.|\n)*8:3: note: `s\.stack` is abstract: its module type hides its definition

module type stack = {
  type~ stack 'a
  val empty 'a : () -> stack a
  val push 'a : a -> stack a -> stack a
}

module s : stack = {
  type~ stack 'a = []a
  def empty 'a () : stack a = []
  def push 'a (x: a) (xs: stack a) : stack a = [x] ++ xs
}

entry main (x: i32) : i64 =
  length (s.push x (s.empty ()))
