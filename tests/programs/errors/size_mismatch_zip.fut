-- `zip` of arrays with different named sizes.
-- ==
-- error: error: size mismatch in call of `zip`: size `n` is `n` \(from the first argument, `xs`\) but `m` here \(from the second argument, `ys`\)

def f [n] [m] (xs: [n]i32) (ys: [m]i32) = zip xs ys
