-- Nested loops computing a triangular number of steps.
-- ==
-- input { 4 } output { 10 }

entry main (n: i32) : i32 =
  loop s = 0 for i < n do
    loop s for j < i + 1 do s + 1
