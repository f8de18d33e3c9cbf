-- The components of a function's result may share storage: after updating one,
-- the other may not be used.
-- ==
-- error: `second` is used here after being consumed[\s\S]*note: `first` was consumed here

def twice (n: i64) : ([]i64, []i64) =
  let xs = iota n
  in (xs, xs)

def main (n: i64) : i64 =
  let (first, second) = twice n
  let first[0] = 10
  in first[0] + second[0]
