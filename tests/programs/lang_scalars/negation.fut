-- Prefix negation binds tighter than binary operators.
-- ==
-- input { 5 } output { -8 -2 }

entry main (x: i32) : (i32, i32) = (-x + -3, -(x - 3))
