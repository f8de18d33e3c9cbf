-- Least-significant-digit radix sort, one bit per pass, for any type with a key of
-- `num_bits` bits: each pass is a stable partition by one bit (a scan and a scatter).

local def partition_by_bit [n] 't (bit: t -> i32) (xs: [n]t) : [n]t =
  let ones = map bit xs
  let zeros_before = scan (+) 0 (map (1 -) ones)
  let zero_count = if n == 0 then 0 else zeros_before[n - 1]
  let ones_before = scan (+) 0 ones
  let dest = map3 (\b z o -> if b == 0 then i64.i32 (z - 1) else i64.i32 (zero_count + o - 1))
                  ones zeros_before ones_before
  in scatter (copy xs) dest xs

-- | Sorts by the bits `get_bit i x` for i in [0, num_bits), least significant first.
def radix_sort [n] 't (num_bits: i32) (get_bit: i32 -> t -> i32) (xs: [n]t) : [n]t =
  loop xs for i < num_bits do partition_by_bit (get_bit i) xs

-- | Sorting of an integral module's values (signed values by their two's complement bits,
-- with the sign bit flipped so negative values come first).
module mk_radix_sort (I: integral) = {
  def key_bit (i: i32) (x: I.t) : i32 =
    let b = I.get_bit i x
    let signed = I.(lowest < i32 0)
    in if signed && i == I.num_bits - 1 then 1 - b else b
  def sort [n] (xs: [n]I.t) : [n]I.t = radix_sort I.num_bits key_bit xs
}
