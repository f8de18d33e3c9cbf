-- Entry points taking and returning sum values (opaque values in the C API). The data
-- format cannot express a sum value: a result is printed as `#<opaque TYPE>`, and an
-- entry point taking one is called through the C API only (tests/unit/driver_generated_opaque.cpp).
-- ==
-- input { 2f32 } output { 12f32 }
-- input { -1f32 } output { 0f32 }

type shape = #circle f32 | #rect f32 f32 | #dot

def area (s: shape) : f32 =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h
  case #dot -> 0

def make (r: f32) : shape = if r > 0 then #circle r else #dot

entry main (r: f32) : f32 = area (make r)

-- ==
-- entry: shape_of
-- input { 2f32 }

-- The result is opaque; the test runs it (its printed form is not data).
entry shape_of (r: f32) : shape = make r

-- ==
-- entry: area_of
-- input { 1f32 } error: data format cannot express

entry area_of (s: shape) : f32 = area s
