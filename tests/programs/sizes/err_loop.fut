-- A loop parameter that grows has an existential size after the loop.
-- ==
-- error: size mismatch in call of `map2`: size `n` is `ext'[0-9]+` \(from the second argument, `r`\) but `n` here \(from the third argument, `xs`\)[\s\S]*note: `ext'[0-9]+` is the size of a loop parameter that changes in this loop

entry main [n] (xs: [n]i32) =
  let r = loop acc = xs for _i < 2 do concat acc acc
  in map2 (+) r xs
