-- Sum types cannot cross the entry-point boundary yet.
-- ==
-- error: error: a sum type in an entry point result is not supported yet

entry f (x: i32) = if x > 0 then #pos else #neg
