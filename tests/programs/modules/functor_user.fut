-- A functor over a user module type with an abstract type, applied to two modules; the
-- result is ascribed; `include` copies names into a module (as `open` does). A parameter's
-- polymorphic `val` (`'a`, no value parameter) is used at two types in the body.
-- ==
-- input { 5 } output { 25 11 true 7 }

module type monoid = {
  type t
  val zero : t
  val (<>) : t -> t -> t
}

module add : monoid with t = i32 = {
  type t = i32
  def zero = 0
  def (<>) (a: i32) (b: i32) = a + b
}

module both = {
  type t = (i32, bool)
  def zero = (1, true)
  def (<>) (a: t) (b: t) : t = (a.0 * b.0, a.1 && b.1)
}

module fold (M: monoid) = {
  def fold (xs: []M.t) : M.t = loop acc = M.zero for x in xs do acc M.<> x
}

module type chooser = { val pick 'a : a -> a -> a }

module choose (C: chooser) : chooser = {
  def pick 'a (x: a) (y: a) : a = if (C.pick true false) then C.pick x y else y
}

module first = choose { def pick 'a (x: a) (_: a) : a = x }

module add_fold = fold add
module both_fold = { include (fold both) def hidden = 1 }
module with_extra = { include add def eleven = 11 }

entry main (x: i32) : (i32, i32, bool, i32) =
  (add_fold.fold (replicate 5 x), with_extra.(zero <> eleven), (both_fold.fold [(1, true)]).1,
   first.pick 7 x)
