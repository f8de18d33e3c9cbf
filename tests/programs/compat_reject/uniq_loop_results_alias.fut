-- Two unique loop parameters may not be given the same array for the next iteration.
-- ==
-- error: consumed loop parameter `a` aliases the value returned for `b`

def main (n: i64) : ([]f32, []f32) =
  loop (a: *[]f32, b: *[]f32) = (replicate n 0, replicate n 1) for i < n do
    let b[i] = 2
    in (b, b)
