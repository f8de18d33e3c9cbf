-- A `[]` in a return type is existential: the result of `h xs` has a size of its own,
-- not the size of `xs`.
-- ==
-- error: fut:7:42: error: size mismatch in call of `map2`: size `n` is `ext'[0-9]+` \(from the second argument\) but `xs_len` here \(from the third argument, `xs`\)[\s\S]*fut:7:36: note: `ext'[0-9]+` is the size of the result of `h` here[\s\S]*fut:7:17: note: `xs_len` is the anonymous size `\[\]` of parameter `xs` of `main`

def h (xs: []i32) : []i32 = xs
entry main (xs: []i32) = map2 (+) (h xs) xs
