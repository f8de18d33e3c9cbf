-- `iota n` before and after `let n = n + 1` have different sizes: two variables named `n`.
-- ==
-- error: fut:8:12: error: size mismatch in call of `zip`: size `n` is `n` \(from the first argument, `a`\) but `n` here \(from the second argument\); these are two different variables named `n`[\s\S]*fut:5:13: note: `n` is the variable bound here[\s\S]*fut:7:7: note: `n` is the variable bound here

entry main (n: i64) : [](i64, i64) =
  let a = iota n
  let n = n + 1
  in zip a (iota n)
