-- A functor over the prelude's numeric modules, applied to i32 and f32.
-- ==
-- entry: ints
-- input { [1, 2, 3] } output { 14 3 }

-- ==
-- entry: floats
-- input { [1f32, 2f32, 0.5f32] } output { 5.25f32 2f32 }

module sum_squares (T: numeric) = {
  type t = T.t
  def square (x: t) : t = x T.* x
  def total (xs: []t) : t = T.(sum (map square xs))
  def largest (xs: []t) : t = T.maximum xs
}

module si = sum_squares i32
module sf = sum_squares f32

entry ints (xs: []i32) : (i32, i32) = (si.total xs, si.largest xs)
entry floats (xs: []f32) : (f32, f32) = (sf.total xs, sf.largest xs)
