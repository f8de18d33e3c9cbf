-- Entry points for the executables' server mode (`--server`, Futhark's server protocol):
-- tests/scripts/server_mode.sh drives the OpenCL executable this group's test builds, with
-- several calls in one process, opaque values passed between entry points, a consumed
-- argument, a failing bounds check and bad commands. The blocks check the same values here.
-- ==
-- entry: make_point
-- input { 3f32 4f32 } output { 3f32 4f32 }

type point = {x: f32, y: f32}

entry make_point (x: f32) (y: f32) : point = {x, y}

-- ==
-- entry: norm
-- input { 3f32 4f32 } output { 5f32 }

entry norm (p: point) : f32 = f32.sqrt (p.x * p.x + p.y * p.y)

-- ==
-- entry: scaled_sum
-- input { [1, 2, 3] 2 } output { [2, 4, 6] 12 }
-- input { empty([0]i32) 7 } output { empty([0]i32) 0 }

entry scaled_sum (xs: []i32) (k: i32) : ([]i32, i32) =
  let ys = map (* k) xs
  in (ys, reduce (+) 0 ys)

-- ==
-- entry: at
-- input { [5, 6, 7] 2i64 } output { 7 }
-- input { [5, 6, 7] 3i64 } error: out of bounds

entry at (xs: []i32) (i: i64) : i32 = xs[i]

-- ==
-- entry: set_first
-- input { [[1, 2], [3, 4]] } output { [[9, 2], [3, 4]] }

entry set_first (xs: *[][]i32) : *[][]i32 = xs with [0, 0] = 9

type shape = #circle f32 | #dot

-- ==
-- entry: shape_of
-- input { 2f32 }

entry shape_of (r: f32) : shape = if r > 0 then #circle r else #dot

-- ==
-- entry: area
-- input { 1f32 } error: data format cannot express

entry area (s: shape) : f32 =
  match s
  case #circle r -> 3 * r * r
  case #dot -> 0
