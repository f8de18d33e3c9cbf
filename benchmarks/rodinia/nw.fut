-- Rodinia's nw (Needleman-Wunsch), written from its algorithm: the score matrix of a global
-- alignment of two sequences of length n, given the similarity of every pair of positions
-- (Rodinia looks it up in BLOSUM62; here it is an input) and a gap penalty. Cell (i, j) is
-- the best of a match (its upper-left neighbour plus the similarity), a gap in either
-- sequence (its upper or left neighbour minus the penalty); row 0 and column 0 are gap runs.
-- Cells on one anti-diagonal depend only on the two before it, so the matrix is filled one
-- anti-diagonal at a time, each in parallel. Rodinia's default: n = 2048, penalty 10.
-- ==
-- random input { [16][16]i32 10i32 } auto output
-- compiled random input { [2048][2048]i32 10i32 }

entry main [n] (similarity: [n][n]i32) (penalty: i32) : [][]i32 =
  let w = n + 1
  let border = tabulate (w * w) (\k ->
                 let i = k / w
                 let j = k % w
                 in if i == 0 then -(i32.i64 j) * penalty
                    else if j == 0 then -(i32.i64 i) * penalty
                    else 0)
  let score =
    loop score = border for d in 2...2 * n do
      -- The cells (i, d - i) of anti-diagonal d inside the matrix, 1 <= i, j <= n.
      let first = i64.max 1 (d - n)
      let count = i64.min n (d - 1) - first + 1
      let cells = tabulate count (\k ->
                    let i = first + k
                    let j = d - i
                    let diag = score[(i - 1) * w + j - 1] + similarity[i - 1, j - 1]
                    let up = score[(i - 1) * w + j] - penalty
                    let left = score[i * w + j - 1] - penalty
                    in i32.max diag (i32.max up left))
      let at = tabulate count (\k -> (first + k) * w + d - (first + k))
      in scatter score at cells
  in unflatten w w score
