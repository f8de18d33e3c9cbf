-- A character literal is the integer code of the character.
-- ==
-- input { 1 } output { 98 }

entry main (x: i32) : i32 = x + 'a'
