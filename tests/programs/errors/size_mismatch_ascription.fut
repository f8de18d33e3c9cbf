-- An ascription to a different size; `:>` would check at run time.
-- ==
-- error: error: size mismatch: this value has size `3` but the ascribed type requires `2`; use `:>`

def f = [1, 2, 3] : [2]i32
