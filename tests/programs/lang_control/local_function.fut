-- A function defined with `let` inside an expression, closing over a variable.
-- ==
-- input { 3 } output { 23 }

entry main (x: i32) : i32 =
  let addx (y: i32) = x + y
  let twice f (y: i32) = f (f y)
  in twice addx 17
