-- Functors over the prelude's module types of the numeric modules: `real` applied to f32
-- and f64, `integral` to i32 and u8, `from_prim` through `numeric`; inside the functor
-- `T.t` is abstract, so constants are made with the module's conversions.
-- ==
-- entry: reals
-- input { [1f32, 4f32, 9f32] [0.25f64, 2.25f64] } output { 6f32 2.0f64 }

-- ==
-- entry: integrals
-- input { [6, 7, 10] [250u8, 9u8] } output { 2 3 1u8 1 }

module norms (T: real) = {
  def rms (xs: []T.t) : T.t =
    T.sqrt (T.sum (map (\x -> x T.* x) xs) T./ T.i64 (length xs))
  def root_sum (xs: []T.t) : T.t = T.sum (map T.sqrt xs)
}

module bits (T: integral) = {
  def odd_count (xs: []T.t) : i32 = i32.sum (map (\x -> T.get_bit 0 x) xs)
  def ones (x: T.t) : i32 = T.popc x
}

module nf32 = norms f32
module nf64 = norms f64
module bi32 = bits i32
module bu8 = bits u8

entry reals (xs: []f32) (ys: []f64) : (f32, f64) = (nf32.root_sum xs, nf64.root_sum ys)
entry integrals (xs: []i32) (ys: []u8) : (i32, i32, u8, i32) =
  (bi32.ones (xs[0]), bu8.ones (ys[0]) - 3, ys[1] u8.% 2, bi32.odd_count xs)
