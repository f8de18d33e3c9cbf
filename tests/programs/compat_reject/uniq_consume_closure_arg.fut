-- A function that reads an array may not be called with that array for a unique
-- parameter: the call would update storage the function still reads.
-- ==
-- error: `arr`, consumed by this call, aliases the function `bump`

def main (arr: *[]i64) : i64 =
  let bump = \(ys: *[]i64) : i64 -> let ys[1] = 5 in ys[1] + arr[0]
  in bump arr
