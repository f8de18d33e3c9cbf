-- Rodinia's pathfinder, written from its algorithm: the cheapest path from the top row of a
-- grid of weights to each cell of the bottom row, moving one row down and at most one
-- column sideways per step (dynamic programming, one row per step). Rodinia's default size:
-- 100 rows of 100000 columns.
-- ==
-- random input { [20][50]i32 } auto output
-- compiled random input { [100][100000]i32 }

entry main [rows][cols] (wall: [rows][cols]i32) : [cols]i32 =
  loop cost = wall[0] for i in 1..<rows do
    tabulate cols (\j ->
      let left = cost[i64.max 0 (j - 1)]
      let right = cost[i64.min (cols - 1) (j + 1)]
      in wall[i, j] + i32.min cost[j] (i32.min left right))
