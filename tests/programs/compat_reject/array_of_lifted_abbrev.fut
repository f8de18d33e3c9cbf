-- An abbreviation declared size-lifted is taken at its word even where its definition
-- has a constant size: no array may hold it.
-- ==
-- error: fut:8:18: error: arrays of `pair` are not allowed: it is declared size-lifted

type~ pair = [2]f32

def rows (ps: [4]pair) : i64 = length ps

entry main (x: f32) : i64 = rows (replicate 4 [x, x])
