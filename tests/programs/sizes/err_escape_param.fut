-- A size escaping its scope through a type variable: `x` has no declared type, and `pick`
-- makes it `[n]i64` for the `n` of the lambda's body, a name not in scope where the lambda
-- is applied.
-- ==
-- error: fut:9:12: error: size `n` goes out of scope: the type of this parameter is `\[n\]i64`, but `n` is bound inside the function's body[\s\S]*fut:9:21: note: `n` is the variable bound here

def pick 't (a: t) (b: t) : t = b
entry main (k: i64) (ys: []i64) : i64 =
  let f = \x -> let n = k + 1 in length (pick x (iota n))
  in f ys
