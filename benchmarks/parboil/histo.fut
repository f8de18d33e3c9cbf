-- Parboil's histo, written from its algorithm: a histogram of 8-bit counters that saturate
-- at 255, as in image processing where a bin only needs to show that it is full. Saturating
-- addition (255 when a + b would pass 255, tested without overflowing) is associative and
-- commutative on 8-bit counts, so it is a histogram operator like any other; the input
-- values are taken modulo the bin count.
-- Parboil's default: a 996 x 1040 image into 4096 bins (sizes here: 4096 bins over 2^20
-- values).
-- ==
-- random input { [1000]i32 } auto output
-- compiled random input { [1048576]i32 }

def bins : i64 = 4096

entry main [n] (values: [n]i32) : [bins]u8 =
  let at = map (\v -> i64.i32 v % bins) values
  in hist (\a b -> if a > 255 - b then 255 else a + b) 0 bins at (replicate n 1u8)
