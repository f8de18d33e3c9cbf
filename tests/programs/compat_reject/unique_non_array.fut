-- Uniqueness is about arrays: a unique type that is a plain number, even through an
-- abbreviation, is rejected where it is written.
-- ==
-- error: fut:8:17: error: a unique type must hold arrays, but `f64` is a non-array type

type weight = f64

def heavier (w: *weight) : weight = w * 2

entry main (w: f64) : f64 = heavier w
