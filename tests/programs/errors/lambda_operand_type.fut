-- An operand of the wrong type inside a lambda passed to `map`: the error is at the operand
-- (`k`), with the other operand's type, and nothing else is reported.
-- ==
-- error: 6:58: error: cannot unify `f32` with `i32`(.|\n)*6:54: note: the other operand has type `f32`\n[^\n]*\n[^\n]*\n$

entry main (xs: []f32) (k: i32) : []f32 = map (\x -> x + k) xs
