-- Inclusive scans with (+) on i32, f32 and i64: three SegScans, each lowered to the tile
-- scan of Note [Single-pass scan]. With the default tuning a tile holds 4096 i32 or 2048
-- i64 (256 threads): the sizes cross one thread, one block, one tile, one more than a tile,
-- many tiles, and sizes that are not multiples of the block or the tile.
-- ==
-- structure gpu { SegScan 3 }
-- entry: add_i32
-- input { [1, 2, 3, 4, 5] } output { [1, 3, 6, 10, 15] }
-- input { [-1, 5, -3] } output { [-1, 4, 1] }
-- input { [7] } output { [7] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- compiled random input { [1000]i32 } auto output
-- compiled random input { [256]i32 } auto output
-- compiled random input { [257]i32 } auto output
-- compiled random input { [4095]i32 } auto output
-- compiled random input { [4096]i32 } auto output
-- compiled random input { [4097]i32 } auto output
-- compiled random input { [40961]i32 } auto output
-- compiled random input { [100000]i32 } auto output
-- compiled random input { [100003]i32 } auto output
-- entry: add_f32
-- input { [0.5f32, 1.5f32, 2f32, -1f32] } output { [0.5f32, 2f32, 4f32, 3f32] }
-- input { empty([0]f32) } output { empty([0]f32) }
-- compiled random input { [100003]f32 } auto output
-- entry: add_i64
-- input { [10i64, 20i64, 30i64] } output { [10i64, 30i64, 60i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
-- compiled random input { [2048]i64 } auto output
-- compiled random input { [2049]i64 } auto output
-- compiled random input { [2000001]i64 } auto output

entry add_i32 (xs: []i32) : []i32 = scan (+) 0 xs
entry add_f32 (xs: []f32) : []f32 = scan (+) 0 xs
entry add_i64 (xs: []i64) : []i64 = scan (+) 0 xs
