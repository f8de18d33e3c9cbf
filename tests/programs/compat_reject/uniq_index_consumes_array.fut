-- An array is held while its index is computed: an index that updates the same array in
-- place consumes it before the indexing reads it.
-- ==
-- error: fut:7:3: error: `grid` is indexed here, so it is used after its index consumed it

entry main (grid: *[]f32) (k: i64) : f32 =
  grid[let g = grid with [k] = 0 in i64.f32 g[0]]
