-- Conditionals as expressions, chained.
-- ==
-- input { 5 } output { 1 }
-- input { -5 } output { -1 }
-- input { 0 } output { 0 }

entry main (x: i32) : i32 = if x > 0 then 1 else if x < 0 then -1 else 0
