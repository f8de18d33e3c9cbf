-- A tuple parameter whose components are unique (`(xs: *[n]i32, flags: *[n]bool)`) may
-- be consumed and returned as a unique result, like a parameter of type `(*[n]i32, *[n]bool)`;
-- and the components of a consuming tuple parameter are distinct arrays, so one may be
-- consumed while the other is read (`scale_into p.0 p.1`); partial_fresh: a let-bound
-- partial application consuming a fresh array.
-- ==
-- entry: main
-- input { [1, 2, 3] [true, false, true] } output { [0, 2, 3] [false, false, true] }

-- ==
-- entry: components
-- input { [1, 2, 3] [4, 5, 6] } output { [2, 5, 6] }

def reset [n] (xs: *[n]i32, flags: *[n]bool, k: i64) : (*[n]i32, *[n]bool) =
  (xs with [k] = 0, flags with [k] = false)

entry main (xs: *[]i32) (flags: *[]bool) = reset (xs, flags, 0)

def scale_into (dst: *[]i32) (src: []i32) : *[]i32 = dst with [0] = 2 * src[0]

def first_from_second (p: *([]i32, []i32)) : *[]i32 = scale_into p.1 p.0

entry components (xs: *[]i32) (ys: *[]i32) : []i32 = first_from_second (xs, ys) |> map (+ 0)

-- A let-bound partial application may consume a value of its own (a fresh array), unlike
-- one that consumes a variable (compat_reject/uniq_higher_order_let.fut).
-- ==
-- entry: partial_fresh
-- input { 3 } output { [3, 7, 3] }

def set_second (xs: *[]i32) (v: i32) : *[]i32 = xs with [1] = v

entry partial_fresh (x: i32) : []i32 =
  let put = set_second (replicate 3 x)
  in put 7
