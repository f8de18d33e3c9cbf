-- The result of `f` has the size of `f`'s own local `n`, not the caller's `n`: an
-- existential size at the call, which differs from `n`.
-- ==
-- error: fut:9:13: error: size mismatch in call of `zip`: size `n` is `ext'[0-9]+` \(from the first argument\) but `n` here \(from the second argument\)[\s\S]*note: `ext'[0-9]+` is the size of the result of `f` here[\s\S]*fut:6:22: note: `n` is the variable bound here, in the body of `f`[\s\S]*fut:8:13: note: `n` is the variable bound here

def f (n: i64) = let n = n + 1 in iota n

entry main (n: i64) : [](i64, i64) =
  zip (f n) (iota n)
