-- `map2` through a pipe with arrays of different sizes.
-- ==
-- error: error: size mismatch in call of `map2`: size `n` is `2`

def f = [1, 2, 3] |> map2 (+) [1, 2]
