-- Escapes in character literals.
-- ==
-- input { 0 } output { 10 39 92 }

entry main (x: i32) : (i32, i32, i32) = (x + '\n', '\'', '\\')
