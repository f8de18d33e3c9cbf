-- An assertion that holds returns its second operand.
-- ==
-- input { 4 } output { 2 }

entry main (x: i32) : i32 = assert (x > 0) (x / 2)
