-- lang_scalars: num_pi_pow, num_popc_clz, num_popc_clz_kernel, num_sgn, num_sqrt_abs,
-- num_sum_product, num_transcendental. One entry point and test block per program, so
-- that each backend builds this file once (docs/testing.md).

-- num_pi_pow: `pi` and `pow`.
-- ==
-- entry: num_pi_pow
-- input { 2.0 } output { 3.141592653589793 8.0 }

entry num_pi_pow (x: f64) : (f64, f64) = (f64.pi, f64.pow x 3.0)

-- num_popc_clz: Population count and count of leading zeros.
-- ==
-- entry: num_popc_clz
-- input { 11 } output { 3 28 0 32 }

entry num_popc_clz (x: i32) : (i32, i32, i32, i32) = (i32.popc x, i32.clz x, i32.clz (-1), i32.clz 0)

-- num_popc_clz_kernel:
-- Population count and leading zeros of narrow and wide integers inside kernels.
-- ==
-- entry: num_popc_clz_kernel
-- input { [1i8, -1i8, 0i8, 16i8] [1i64, -1i64, 0i64, 255i64] }
-- output { [1, 8, 0, 1] [7, 0, 8, 3] [1, 64, 0, 8] [63, 0, 64, 56] }

entry num_popc_clz_kernel (xs: []i8) (ys: []i64) : ([]i32, []i32, []i32, []i32) =
  (map i8.popc xs, map i8.clz xs, map i64.popc ys, map i64.clz ys)

-- num_sgn: `sgn` of negative, zero and positive numbers.
-- ==
-- entry: num_sgn
-- input { -5 } output { -1 0 1 }

entry num_sgn (x: i32) : (i32, i32, i32) = (i32.sgn x, i32.sgn 0, i32.sgn (-x))

-- num_sqrt_abs: `sqrt` and `abs` on floats and integers.
-- ==
-- entry: num_sqrt_abs
-- input { -9 16.0f32 } output { 9 4.0f32 2.5 }

entry num_sqrt_abs (x: i32) (y: f32) : (i32, f32, f64) = (i32.abs x, f32.sqrt y, f64.abs (-2.5))

-- num_sum_product: Namespace reductions `sum`, `product`, `maximum`, `minimum`.
-- ==
-- entry: num_sum_product
-- input { [2, 5, 3] } output { 10 30 5 2 }

entry num_sum_product (xs: []i32) : (i32, i32, i32, i32) =
  (i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs)

-- num_transcendental: `exp`, `log`, `sin` and `cos` at points with exact results.
-- ==
-- entry: num_transcendental
-- input { 0.0 } output { 1.0 0.0 0.0 1.0 }

entry num_transcendental (x: f64) : (f64, f64, f64, f64) = (f64.exp x, f64.log 1.0, f64.sin x, f64.cos x)
