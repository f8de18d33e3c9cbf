-- `#[noinline]` functions stay functions: called from host code (with parallel code
-- inside: a host function with kernels) and from several places.
-- ==
-- entry: twice_scaled
-- input { [1f32, 2f32, 3f32] 2f32 } output { [4f32, 8f32, 12f32] }
-- structure inline { Apply 2 }

-- ==
-- entry: evens
-- input { [1i32, 2i32, 3i32, 4i32, 6i32] } output { [2i32, 4i32, 6i32] 3i64 }

-- ==
-- entry: norm_sum
-- input { [3f64, 4f64] } output { 10f64 }

#[noinline]
def scale (k: f32) (xs: []f32): []f32 = map (* k) xs

-- The result's size depends on the data.
#[noinline]
def keep_even (xs: []i32): []i32 = filter (\x -> x % 2 == 0) xs

#[noinline]
def sq (x: f64): f64 = x * x

entry twice_scaled (xs: []f32) (k: f32) = scale k (scale k xs)

entry evens (xs: []i32) = let ys = keep_even xs in (ys, length ys)

-- A #[noinline] function called inside a map (device code).
entry norm_sum (xs: []f64) = f64.sqrt (reduce (+) 0 (map sq xs)) + 5
