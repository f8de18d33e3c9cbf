-- Arrays of sum values cannot cross the entry-point boundary yet (single sum values can:
-- they are opaque values in the C API).
-- ==
-- error: error: an array of a sum type in an entry point result is not supported yet

entry f (x: i32) = [if x > 0 then #pos else #neg]
