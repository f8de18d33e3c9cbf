-- A qualified name whose module does not exist is a located error.
-- ==
-- error: 7:23: error: module `geometry` has no value `shapes`

module geometry = { def area (w: f32) (h: f32) = w * h }

entry main (x: f32) = geometry.shapes.area x x
