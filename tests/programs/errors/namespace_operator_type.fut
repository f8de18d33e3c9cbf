-- An operator named through a namespace must exist at that namespace's type.
-- ==
-- error: namespace_operator_type.fut:5:36: error: cannot unify `f32` with one of bool, i8

def bad (xs: []f32) : f32 = reduce (f32.&) 0 xs
