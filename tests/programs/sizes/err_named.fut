-- A size named by a parameter is the argument's: `take k` has size `k`, not `n`.
-- ==
-- error: size mismatch in call of `map2`: size `n` is `k` \(from the second argument\) but `n` here \(from the third argument, `xs`\)[\s\S]*note: `k` is the variable bound here

entry main [n] (k: i64) (xs: [n]i32) =
  map2 (+) (take k xs) xs
