-- Comparisons bind tighter than `&&`, which binds tighter than `||`.
-- ==
-- input { 2 } output { true }
-- input { 10 } output { true }
-- input { 5 } output { false }

entry main (x: i32) : bool = x < 3 && x > 1 || x == 10
