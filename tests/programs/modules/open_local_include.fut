-- `open` brings a module's names into scope (and, as in Futhark, into the module that
-- opens it; open_exports.fut), `include` exports them, `local` hides a declaration, and
-- later declarations shadow earlier ones.
-- ==
-- input { 2 } output { 23 6 2 }

module base = {
  def k = 10i32
  def f (x: i32) = x + k
}

module derived = {
  open base
  local def helper (x: i32) = f x * 2
  def g (x: i32) = helper x - 1
}

module extended = {
  include base
  def k = 3i32 -- shadows base.k here; base.f still uses base's k
  def h (x: i32) = x * k
}

def k = 99i32

entry main (x: i32) : (i32, i32, i32) =
  (derived.g x, extended.h x + extended.f x - 10 - x - 2 + 2, x)
