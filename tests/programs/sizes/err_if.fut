-- An `if` whose branches differ in size has an existential size, not `n`.
-- ==
-- error: size mismatch in call of `zip`: size `n` is `ext'[0-9]+` \(from the first argument, `zs`\) but `n` here \(from the second argument, `xs`\)[\s\S]*note: `ext'[0-9]+` is the size of this `if`, whose branches differ in size

entry main [n] [m] (b: bool) (xs: [n]i32) (ys: [m]i32) =
  let zs = if b then xs else ys
  in zip zs xs
