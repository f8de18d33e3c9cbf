-- Constant sizes that differ, through the sizes `iota` and `replicate` take from their
-- arguments.
-- ==
-- error: size mismatch in call of `map2`: size `n` is `3` \(from the second argument\) but `4` here \(from the third argument\)[\s\S]*note: `n` = `3` comes from this argument

entry main = map2 (+) (iota 3) (replicate 4 1i64)
