-- A value type parameter `'t` may not be instantiated with a function type: the body may
-- put the value where a function may not go.
-- ==
-- error: `pick` is used with its type parameter `'t` as the functional type

def pick 't (c: bool) (x: t) (y: t) : t = if c then x else y

def main (c: bool) (v: f32) : f32 =
  let g = pick c (\(z: f32) -> z * 2) (\(z: f32) -> z - 1)
  in g v
