-- Two more packages: a segmented scan over a user monoid and a linear algebra module
-- over f64, imported as a module (`module la = import ...` names the file's contents).
-- ==
-- entry: seg_sums
-- input { [true, false, false, true, false] [1, 2, 3, 4, 5] } output { [1, 3, 6, 4, 9] }

-- ==
-- entry: matvec
-- input { [[1f64, 2f64], [3f64, 4f64]] [1f64, 1f64] } output { [3f64, 7f64] 58f64 }

import "lib/github.com/fjord-tests/segmented/segmented"
module la = import "lib/github.com/fjord-tests/linalg/linalg"

module add_scan = segmented { type t = i32 def op (a: i32) (b: i32) = a + b def ne = 0i32 }
module lf64 = la.mk_linalg f64

entry seg_sums [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 = add_scan.scan flags xs
entry matvec [n][m] (a: [n][m]f64) (v: [m]f64) : ([]f64, f64) =
  let r = lf64.matvec a v in (r, lf64.dot r r)
