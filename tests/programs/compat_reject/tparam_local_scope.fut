-- A local function's type parameter stands for any type, so its body may not make it the
-- type of a variable from outside the function.
-- ==
-- error: type parameter `'t` of `choose` is made the type .*scope violation

def outer (fallback: f64) =
  let choose 't (c: bool) (v: t) = if c then v else fallback
  in choose true 2.5

def main (x: f64) : f64 = outer x
