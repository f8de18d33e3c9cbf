-- if_chain_shared_cond: a chain of `else if`s whose conditions share a comparison (`r == 0`
-- in the first, second and fourth), as a stencil's corner and edge cases do. The kernel's
-- clean-up once folded that comparison into the first `if`'s condition that read it and
-- dropped its declaration, though a later branch still read it (an internal error on
-- OpenCL and CUDA; found on a Rodinia-style stencil).

-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32], [7f32, 8f32, 9f32]] }
-- output { [[2f32, 5f32, 5f32], [8f32, 10f32, -3f32], [14f32, 16f32, 12f32]] }
-- input { [[1f32, 2f32]] }
-- output { [[2f32, 4f32]] }
entry main [row][col] (temp: [row][col]f32) : [row][col]f32 =
  map (\r -> map (\c ->
         #[unsafe]
         let t = temp[r, c]
         in if r == 0 && c == 0 then t + 1
            else if r == 0 && c == col - 1 then t + 2
            else if r == row - 1 && c == col - 1 then t + 3
            else if r == 0 then temp[r, c + 1] + t
            else if c == col - 1 then temp[r - 1, c] - t
            else t * 2)
       (iota col))
      (iota row)
