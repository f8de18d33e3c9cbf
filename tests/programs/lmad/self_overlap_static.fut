-- An update target whose dimensions overlap (strides 1 and 2 with 3 and 2 elements: address 2
-- is both (2, 0) and (0, 1)) is rejected at compile time.
-- ==
-- error: error: LMAD slice used as an update target may write an element twice

def f (xs: *[9]i32) = xs with [0 + {(3 : 1), (2 : 2)}] = [[1, 2], [3, 4], [5, 6]]
