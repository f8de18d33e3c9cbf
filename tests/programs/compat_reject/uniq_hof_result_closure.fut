-- The result of a higher-order function may alias what its function argument
-- captured; updating it consumes that array.
-- ==
-- error: `base` is used here after being consumed

def apply2 'a 'b (f: a -> b) (x: a) : b = f x

def main (n: i64) : []i64 =
  let base = iota n
  let out = apply2 (\(k: i64) -> if k > 0 then base else base) 1
  let out[0] = 3
  in map2 (+) out base
