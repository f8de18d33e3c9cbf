-- `open` of a module is not supported yet.
-- ==
-- error: opening a module is not supported yet

open f32

entry main (x: f32) : f32 = x
