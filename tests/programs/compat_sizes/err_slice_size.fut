-- A slice `xs[1:]` has size `n-1`, not the declared `n`.
-- ==
-- error: fut:7:12: error: size mismatch in call of `map2`.*`n-1`

def f [n] (xs: [n]i32) : [n]i32 =
  map2 (+) xs
           xs[1:]
