-- Two `filter` results have different existential sizes.
-- ==
-- error: size mismatch in call of `zip`: size `n` is `ext'[0-9]+` \(from the first argument\) but `ext'[0-9]+` here \(from the second argument\)[\s\S]*note: `ext'[0-9]+` is the size of the result of `filter` here

entry main (xs: []i32) = zip (filter (> 0) xs) (filter (< 0) xs)
