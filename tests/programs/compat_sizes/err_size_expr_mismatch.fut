-- Size expressions are sizes: `[n+1]` and `[n]` differ.
-- ==
-- error: fut:9:12: error: size mismatch.*`n\+1`

def snoc [n] (xs: [n]i32) (x: i32) : [n+1]i32 = xs ++ [x]

entry main [n] (xs: [n]i32) : [n]i32 =
  map2 (+) xs
           (snoc xs 1)
