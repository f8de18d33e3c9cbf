-- Two definitions of one name in one module are rejected, as Futhark does, with both places.
-- ==
-- error: 8:7: error: duplicate definition of `x`(.|\n)*6:7: note: `x` is first defined here

module m = {
  def x = 1i32
  def y = 2i32
  def x = 3i32
}

entry main (a: i32) = a + m.x + m.y
