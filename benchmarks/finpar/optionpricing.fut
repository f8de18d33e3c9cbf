-- FinPar's OptionPricing, written from its algorithm: the Monte Carlo price of an Asian basket
-- call. Each path draws a Sobol quasi-random point (one coordinate per date and underlying),
-- turns it into normal deviates with the inverse normal CDF, builds Brownian paths with a
-- Brownian bridge, correlates the underlyings through a Cholesky factor, moves the prices by
-- geometric Brownian motion, and pays max(0, mean price - strike). The price is the
-- discounted mean payoff over the paths.
--
-- The Sobol direction numbers and the market come from the program (a fixed generator and
-- fixed parameters), so a dataset is only the sizes: paths, dates and underlyings. The
-- timed datasets have FinPar's shapes: many paths over few dates and underlyings, and fewer
-- paths over a year of daily dates.
-- ==
-- input { 64i64 4i64 2i64 } auto output
-- input { 100i64 7i64 1i64 } auto output
-- input { 33i64 1i64 3i64 } auto output
-- compiled input { 1048576i64 5i64 3i64 }
-- compiled input { 65536i64 367i64 1i64 }

-- Bits of a Sobol coordinate.
def sobol_bits : i64 = 30

-- Direction numbers: a fixed, well-mixed 30-bit pattern per (dimension, bit); bit b of the
-- Gray code of the path's index selects number b. Any numbers below 2^30 give points in
-- [0, 1), which is all the pricing needs.
def direction (dim: i64) (bit: i64) : i32 =
  let h = u32.i64 (dim * 7919 + bit * 104729 + 1)
  let h = (h ^ (h >> 16)) * 0x45d9f3b
  let h = (h ^ (h >> 16)) * 0x45d9f3b
  let h = h ^ (h >> 16)
  in i32.u32 (h & 0x3fffffff)

def sobol_coordinate (dim: i64) (path: i64) : f32 =
  let gray = (path + 1) ^ ((path + 1) >> 1)
  let bits = loop x = 0i32 for b < sobol_bits do
               if (gray >> b) & 1 == 1 then x ^ direction dim b else x
  -- (0, 1): the inverse CDF is infinite at 0.
  in (f32.i32 bits + 0.5) / f32.i64 (1 << sobol_bits)

-- The inverse of the standard normal CDF: a rational approximation on the central region
-- and one in sqrt(-2 log q) on the tails (relative error about 1e-9 in f64).
def inverse_normal (p: f32) : f32 =
  let p = f64.f32 p
  let central (q: f64) =
    let r = q * q
    in q * (((((-39.69683028665376 * r + 220.9460984245205) * r - 275.9285104469687) * r
              + 138.3577518672690) * r - 30.66479806614716) * r + 2.506628277459239)
       / (((((-54.47609879822406 * r + 161.5858368580409) * r - 155.6989798598866) * r
            + 66.80131188771972) * r - 13.28068155288572) * r + 1)
  let tail (q: f64) =
    let s = f64.sqrt (-2 * f64.log q)
    in (((((-7.784894002430293e-3 * s - 0.3223964580411365) * s - 2.400758277161838) * s
          - 2.549732539343734) * s + 4.374664141464968) * s + 2.938163982698783)
       / ((((7.784695709041462e-3 * s + 0.3224671290700398) * s + 2.445134137142996) * s
           + 3.754408661907416) * s + 1)
  let low = 0.02425
  in f32.f64 (if p < low then tail p
              else if p > 1 - low then -(tail (1 - p))
              else central (p - 0.5))

-- The Brownian bridge's schedule over dates 1..n (date 0 is time 0, where the path is 0):
-- step 0 fixes date n from date 0; every later step fixes the middle date of an interval
-- whose ends are fixed, in depth-first order, so both ends always come first. Returns per
-- step the date fixed, its left end and its right end (-1: none).
def bridge_schedule (n: i64) : ([n]i64, [n]i64, [n]i64) =
  let fixed = replicate n 0i64 with [0] = n
  let left = replicate n 0i64
  let right = replicate n (-1i64)
  -- Intervals still to split; at most about log2 n + 1 are pending.
  let starts = replicate (n + 1) 0i64
  let ends = replicate (n + 1) 0i64 with [0] = n
  let (fixed, left, right, _, _, _, _) =
    loop (fixed, left, right, starts, ends, pending, step) =
         (fixed, left, right, starts, ends, 1i64, 1i64)
    while pending > 0 do
      let a = starts[pending - 1]
      let b = ends[pending - 1]
      let pending = pending - 1
      in if b - a < 2 then (fixed, left, right, starts, ends, pending, step)
         else let m = (a + b) / 2
              let fixed[step] = m
              let left[step] = a
              let right[step] = b
              let starts[pending] = m
              let ends[pending] = b
              let starts[pending + 1] = a
              let ends[pending + 1] = m
              in (fixed, left, right, starts, ends, pending + 2, step + 1)
  in (fixed, left, right)

-- One underlying's Brownian path at dates 1..n from n normal deviates, dates dt apart.
def brownian_bridge [n] (fixed: [n]i64) (left: [n]i64) (right: [n]i64) (dt: f32)
                        (z: [n]f32) : [n]f32 =
  let w = replicate (n + 1) 0f32
  let w = loop w for step < n do
            let m = fixed[step]
            let a = left[step]
            let tm = f32.i64 m * dt
            let ta = f32.i64 a * dt
            in if right[step] < 0
               then w with [m] = w[a] + f32.sqrt (tm - ta) * z[step]
               else let b = right[step]
                    let tb = f32.i64 b * dt
                    let mean = w[a] + (tm - ta) / (tb - ta) * (w[b] - w[a])
                    let sd = f32.sqrt ((tm - ta) * (tb - tm) / (tb - ta))
                    in w with [m] = mean + sd * z[step]
  in w[1:]

-- The market: spot prices, volatilities, correlations (through a Cholesky factor), rate.
def spot (u: i64) : f32 = 100 + 10 * f32.i64 u
def volatility (u: i64) : f32 = 0.2 + 0.05 * f32.i64 u
def rate : f32 = 0.03
def strike : f32 = 105
-- Underlyings are pairwise correlated by 0.5; deviates are correlated by the lower Cholesky
-- factor of that matrix (Cholesky-Banachiewicz, row by row; the matrix is tiny).
def correlation (num_und: i64) : [num_und][num_und]f32 =
  tabulate_2d num_und num_und (\i j -> if i == j then 1 else 0.5)

def cholesky [n] (a: [n][n]f32) : [n][n]f32 =
  loop l = replicate n (replicate n 0f32) for i < n do
    loop l for j < i + 1 do
      let s = f32.sum (map (\k -> if k < j then l[i, k] * l[j, k] else 0) (iota n))
      in if i == j then l with [i, j] = f32.sqrt (a[i, i] - s)
         else l with [i, j] = (a[i, j] - s) / l[j, j]

entry main (num_paths: i64) (num_dates: i64) (num_und: i64) : f32 =
  let maturity = 1f32
  let dt = maturity / f32.i64 num_dates
  let (fixed, left, right) = bridge_schedule num_dates
  let factor = cholesky (correlation num_und)
  let payoffs =
    tabulate num_paths (\path ->
      -- Independent Brownian paths, one per underlying: [num_und][num_dates].
      let ws = tabulate num_und (\u ->
                 let z = tabulate num_dates (\d ->
                           inverse_normal (sobol_coordinate (u * num_dates + d) path))
                 in brownian_bridge fixed left right dt z)
      let prices = tabulate_2d num_und num_dates (\u d ->
                     let w = f32.sum (map2 (\l wk -> l * wk[d]) factor[u] ws)
                     let t = f32.i64 (d + 1) * dt
                     let sigma = volatility u
                     in spot u * f32.exp ((rate - sigma * sigma / 2) * t + sigma * w))
      let average = f32.sum (flatten prices) / f32.i64 (num_und * num_dates)
      in f32.max 0 (average - strike))
  in f32.exp (-rate * maturity) * f32.sum payoffs / f32.i64 num_paths
