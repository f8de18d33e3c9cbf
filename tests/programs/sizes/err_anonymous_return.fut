-- A `[]` in a return type is existential: the result of `h xs` has a size of its own, made
-- in the body of `main`, so the `[]` of `main`'s parameter cannot be that size.
-- ==
-- error: fut:7:12: error: size mismatch: the type of this parameter is `\[ext'[0-9]+\]i32`, but `ext'[0-9]+` is a size made inside the function's body[\s\S]*fut:7:36: note: `ext'[0-9]+` is the size of the result of `h` here

def h (xs: []i32) : []i32 = xs
entry main (xs: []i32) = map2 (+) (h xs) xs
