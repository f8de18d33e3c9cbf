-- All-pairs N-body accelerations for 65536 bodies: for body i, the sum over every body j of
-- m_j d / (|d|^2 + eps)^(3/2), d = p_j - p_i (softened, so j = i adds nothing).
-- ==
-- random input { [200]f32 [200]f32 [200]f32 [200]f32 } auto output
-- compiled random input { [65536]f32 [65536]f32 [65536]f32 [65536]f32 }

def accel (xi: f32, yi: f32, zi: f32) (xj: f32, yj: f32, zj: f32, mj: f32) : (f32, f32, f32) =
  let (dx, dy, dz) = (xj - xi, yj - yi, zj - zi)
  let r2 = dx * dx + dy * dy + dz * dz + 0.01
  let s = mj / (r2 * f32.sqrt r2)
  in (s * dx, s * dy, s * dz)

def add3 (a: f32, b: f32, c: f32) (x: f32, y: f32, z: f32) : (f32, f32, f32) =
  (a + x, b + y, c + z)

entry main [n] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32) : ([n]f32, [n]f32, [n]f32) =
  unzip3 (map3 (\xi yi zi ->
                  reduce add3 (0, 0, 0) (map4 (\xj yj zj mj -> accel (xi, yi, zi) (xj, yj, zj, mj)) xs ys zs ms))
               xs ys zs)
