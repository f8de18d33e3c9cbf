-- A local function's type parameter made the type of a field of a value from outside it,
-- through a projection whose record type is not known yet.
-- ==
-- error: fut:7:12: error: the type parameter `'t` of `pick` is made the type of a value from outside it.*scope violation

def outer p =
  let pick 't (c: bool) (v: t) = if c then v else p.1
  let (_, _: f32) = p
  in pick

entry main (x: f32) : f32 = outer (1i32, x) true 2f32
