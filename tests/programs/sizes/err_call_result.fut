-- The result of `inc` has the size of its argument, `n`, which is not `m`.
-- ==
-- error: fut:8:16: error: size mismatch in call of `zip`: size `n` is `n` \(from the first argument\) but `m` here \(from the second argument, `ys`\)[\s\S]*note: `n` is a size parameter of `main`[\s\S]*note: `m` is a size parameter of `main`

def inc [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) =
  zip (inc xs) ys
