-- An existential size must be carried by a value: `?[k]` used only in the result of a
-- function type leaves nothing to read `k` from.
-- ==
-- error: fut:6:22: error: existential size `k` is not used as an array size outside a function type

def maker (n: i64) : ?[k].i64 -> [k]f32 =
  \(x: i64) -> replicate (n + x) 0f32

entry main (n: i64) : i64 = length (maker n 2)
