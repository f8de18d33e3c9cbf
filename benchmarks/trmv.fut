-- Lower-triangular matrix-vector product y = L x, n = 16384, L stored row-packed: row i
-- holds L[i][0..i] at i (i + 1) / 2 (n (n + 1) / 2 elements, 4 bytes each). The loop
-- allows reassociation (`#[reassociate]`, Note [Loops as reductions] in
-- src/gpu/ReducibleLoops.cpp), as the peers' sums do, so each row may get a block.
-- ==
-- random input { [300]f32 [45150]f32 } auto output
-- compiled random input { [16384]f32 [134225920]f32 }

entry main [n] (x: [n]f32) (packed: []f32) : [n]f32 =
  tabulate n (\i ->
    let row = i * (i + 1) / 2
    in #[reassociate] loop acc = 0f32 for j < i + 1 do acc + packed[row + j] * x[j])
