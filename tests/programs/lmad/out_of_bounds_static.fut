-- A constant LMAD slice that reaches element 5 + 2 + 3 = 10 of a 9-element array is
-- rejected at compile time.
-- ==
-- error: error: LMAD slice out of bounds for an array of 9 elements

def f (xs: [9]i32) = xs[5 + {(3 : 1), (2 : 3)}]
