-- A map whose function takes its rows as unique consumes the whole array, so the
-- function may not also read that array.
-- ==
-- error: `grid`, consumed by this call, aliases the function passed to it

def main (grid: *[][]u8) : []u8 =
  map (\(row: *[]u8) : u8 -> row[0] + grid[0, 0]) grid
