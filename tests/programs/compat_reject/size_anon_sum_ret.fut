-- Two arrays of sizes the checker infers (`[]` parameters), concatenated, cannot have a
-- declared constant size: the sizes would have to be solved by subtraction, which Futhark
-- does not do.
-- ==
-- error: fut:7:45: error: size mismatch: size `8` differs from size `xs_len\+ys_len`

def join (xs: []f32) (ys: []f32) : [8]f32 = xs ++ ys

entry main (a: [4]f32) (b: [4]f32) : [8]f32 = join a b
