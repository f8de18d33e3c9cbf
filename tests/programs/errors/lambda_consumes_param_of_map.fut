-- A lambda consuming its parameter consumes the mapped array.
-- ==
-- error: error: cannot consume the non-unique parameter `xss`

def f (xss: [][]i32) : [][]i32 = map (\xs -> xs with [0] = 0) xss
