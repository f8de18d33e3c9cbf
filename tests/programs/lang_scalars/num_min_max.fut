-- `min` and `max` in several namespaces.
-- ==
-- input { 3 -7 } output { -7 3 2.5f32 10u8 }

entry main (a: i32) (b: i32) : (i32, i32, f32, u8) =
  (i32.min a b, i32.max a b, f32.max 1.0 2.5, u8.max 10 3)
