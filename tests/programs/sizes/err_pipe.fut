-- Sizes through `|>`: the piped value is the last argument of `map2`.
-- ==
-- error: fut:6:9: error: size mismatch in call of `map2`: size `n` is `n` \(from the second argument, `xs`\) but `m` here \(from the third argument, `ys`\)

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  ys |> map2 (+) xs
