-- Two scans and a map over the same input fuse into one SegScan with a mapped result.
-- [1, 2, 3, 4]: running sums [1, 3, 6, 10], running products [1, 2, 6, 24], plus one
-- [2, 3, 4, 5].
--
-- `scratch`: the mapped body fills a per-point scratch row (`replicate m i`, one row of a
-- buffer per point) in every step of its loop and reads it back. The tile's points past n
-- must not run that body as point n - 1, or they write the row point n - 1 reads (Note
-- [Padding points write nothing], imp/ScanPaddingPoints.cpp). Each point adds 0 + 1 + 2
-- from its row and zs[0] + zs[1] + zs[2]. `found` is the difftest program (seed s9, 8421)
-- where CUDA read 5, another thread's row, for the last element. `scratch_filter`: a
-- filter whose predicate fills such a row (odd elements add 3 more and are kept).
-- ==
-- entry: main
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] [1, 2, 6, 24] [2, 3, 4, 5] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) }
-- compiled random input { [100000]i32 } auto output
-- structure gpu { SegScan 1 SegMap 0 }
-- entry: scratch
-- input { [5, -7, 2] [10, 20, 30, 40] } output { [5, -2, 0] [63i64, 63i64, 63i64] }
-- input { empty([0]i32) [1, 2, 3] } output { empty([0]i32) empty([0]i64) }
-- compiled random input { [10007]i32 [3]i32 } auto output
-- structure gpu { SegScan 1 SegMap 0 }
-- entry: scratch_filter
-- input { [5, -7, 2, 8, 3] [1, 2, 3, 4] } output { [5, -7, 3] }
-- input { empty([0]i32) [1] } output { empty([0]i32) }
-- compiled random input { [10007]i32 [3]i32 } auto output
-- entry: found
-- input { [-994i32, 41i32] [-964i32, 701i32] [0.2359607219696045f32, 0.4416102170944214f32] [-180i32, -119i32, 736i32, 356i32, -726i32, -49i32, 874i32, 175i32] [[-151i32, 717i32, 398i32, 345i32, -355i32, -706i32, 143i32, -105i32], [-382i32, -150i32, 483i32, -774i32, -428i32, 864i32, 54i32, 533i32]] [[0.812466025352478f32, 0.5494207143783569f32, 0.9365357756614685f32, 0.5229178071022034f32, 0.25319722294807434f32, 0.914767324924469f32, 0.03497663140296936f32, 0.6618412733078003f32], [0.2551822066307068f32, 0.23390574753284454f32, 0.3171589970588684f32, 0.1954098790884018f32, 0.4013533294200897f32, 0.7086131572723389f32, 0.5184851884841919f32, 0.5425587296485901f32]] 644i32 }
-- output { [4i64, 4i64] [1067i32, 2134i32] [-964i32, 701i32] }
-- structure gpu { SegScan 1 SegMap 0 }

entry main (xs: []i32) : ([]i32, []i32, []i32) =
  (scan (+) 0 (map (* 2) xs |> map (/ 2)), scan (*) 1 xs, map (+ 1) xs)

entry scratch [n][m] (xs: [n]i32) (zs: [m]i32) : ([]i32, []i64) =
  let sums = scan (+) 0 xs
  let rows = map (\x -> loop acc = 0i64 for i < 3 do
                          acc + (replicate m (i64.i32 i))[i64.i32 x % m] + i64.i32 zs[i]) xs
  in (sums, rows)

entry scratch_filter [n][m] (xs: [n]i32) (zs: [m]i32) : []i32 =
  let row_sum x = let odd = i64.i32 (x % 2)
                  in loop acc = 0i64 for i < 3 do acc + (replicate m (i64.i32 i + odd))[i64.i32 x % m]
  in filter (\x -> row_sum x + i64.i32 zs[0] > 4) xs

entry found [n] [m] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) (zs: [m]i32) (ms: [n][m]i32) (gs: [n][m]f32) (k: i32) : ([]i64, []i32, []i32) =
  let (a2, b3) = unzip (scan (\(p5, q6) (r7, s8) -> (p5 + r7, i32.max q6 s8)) (0, i32.lowest) (zip (replicate n (reduce (+) 0 (filter (\x4 -> x4 != k) zs))) ys))
  let (w10, v9) = unzip (map (\x11 -> (1i32, (loop acc12 = (reduce (+) 0 ((replicate m 1i64))[5:7:2]) for i13 < 3 do acc12 + ((((replicate m i13))[(i64.i32 x11 % m)]))))) ys)
  in (v9, a2, b3)
