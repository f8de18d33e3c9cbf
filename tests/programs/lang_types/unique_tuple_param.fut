-- A tuple parameter whose components are unique (`(xs: *[n]i32, flags: *[n]bool)`) may
-- be consumed and returned as a unique result, like a parameter of type `(*[n]i32, *[n]bool)`.
-- ==
-- input { [1, 2, 3] [true, false, true] } output { [0, 2, 3] [false, false, true] }

def reset [n] (xs: *[n]i32, flags: *[n]bool, k: i64) : (*[n]i32, *[n]bool) =
  (xs with [k] = 0, flags with [k] = false)

entry main (xs: *[]i32) (flags: *[]bool) = reset (xs, flags, 0)
