-- A let-bound partial application that consumes its argument would consume it again at
-- every application of the bound function.
-- ==
-- error: fut:9:13: error: let-bound expression of higher-order type contains consumption

def set_at (xs: *[]f32) (i: i64) (v: f32) : *[]f32 = xs with [i] = v

entry main (xs: *[]f32) : []f32 =
  let put = set_at xs
  in put 0 1
