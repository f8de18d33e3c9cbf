-- A loop body may not consume an array bound outside the loop.
-- ==
-- error: error: this loop body consumes `a`, which is bound outside it

def f (a: *[]i32) (n: i64) : i32 =
  loop acc = 0 for i < n do (a with [i] = 1)[0] + acc
