-- The parameters of a local function get sizes of their own for `[]` too (unlike a
-- lambda's, which are inferred).
-- ==
-- error: fut:7:47: error: size mismatch in call of `map2`: size `n` is `xs_len` \(from the second argument, `xs`\) but `ys_len` here \(from the third argument, `ys`\)[\s\S]*fut:7:14: note: `xs_len` is the anonymous size `\[\]` of parameter `xs` of `f`[\s\S]*fut:7:26: note: `ys_len` is the anonymous size `\[\]` of parameter `ys` of `f`

entry main (k: i64) =
  let f (xs: []i32) (ys: []i32) = map2 (*) xs ys
  in f (map i32.i64 (iota k)) (replicate k 1)
