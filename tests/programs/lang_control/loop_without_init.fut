-- A loop without `= init` starts from the variable of the same name.
-- ==
-- input { 3 } output { 24 }

entry main (x: i32) : i32 =
  let acc = x
  in loop acc for i < 3 do acc * 2
