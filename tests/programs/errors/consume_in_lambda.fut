-- A map lambda may consume only its own parameters.
-- ==
-- error: error: this function consumes `a`, which is bound outside it; a function may consume only its own parameters

def f (a: *[]i32) (is: []i64) : []i32 =
  map (\i -> (a with [i] = 0)[0]) is
