-- An in-place update of a non-unique parameter.
-- ==
-- error: 5:33: error: cannot consume the non-unique parameter `xs`

def f (xs: []i32) : []i32 = let xs[0] = 1 in xs
