-- Found by difftest on the GPU (seed s9, program 8421; 9th session, H100). Open: CUDA gave
-- 5i64 for the second element of the first result; the interpreter and OpenCL (PoCL) give
-- 4i64 (the loop starts at 1 and adds 0, 1 and 2). Passes on PoCL also with its default
-- optimisation (10th session). Cause (10th session, from the generated code): a race in
-- the single-pass scan kernel `p8421_scan_map_scan`. Its tile loader maps points past n
-- as point n - 1 (`gtid = min(at_flat, n - 1)`, "points past n read point n - 1") and runs
-- the whole map body for them, and that body writes per-point scratch memory (the rows of
-- `replicate m 1i64` and `replicate m i13`, `replicated_mem_2[i_2 * n_1 + gtid] = i13`).
-- So every idle thread of the last tile writes point n - 1's scratch row while the thread
-- of point n - 1 reads it: it can read another thread's `i13` (2 where it wrote 1: 1 + 0 +
-- 2 + 2 = 5), only on the last element, only where threads interleave (a GPU; PoCL runs a
-- work-group's items one after another). Fix (imp/ScanKernels, LowerSegScan: prims): points
-- past n must not run a body that writes memory (guard it by `in_range`, or give clamped
-- points their own scratch).
-- ==
-- entry: p8421
-- input { [-994i32, 41i32] [-964i32, 701i32] [0.2359607219696045f32, 0.4416102170944214f32] [-180i32, -119i32, 736i32, 356i32, -726i32, -49i32, 874i32, 175i32] [[-151i32, 717i32, 398i32, 345i32, -355i32, -706i32, 143i32, -105i32], [-382i32, -150i32, 483i32, -774i32, -428i32, 864i32, 54i32, 533i32]] [[0.812466025352478f32, 0.5494207143783569f32, 0.9365357756614685f32, 0.5229178071022034f32, 0.25319722294807434f32, 0.914767324924469f32, 0.03497663140296936f32, 0.6618412733078003f32], [0.2551822066307068f32, 0.23390574753284454f32, 0.3171589970588684f32, 0.1954098790884018f32, 0.4013533294200897f32, 0.7086131572723389f32, 0.5184851884841919f32, 0.5425587296485901f32]] 644i32 }
-- output { [4i64, 4i64] [1067i32, 2134i32] [-964i32, 701i32] }
entry p8421 [n] [m] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) (zs: [m]i32) (ms: [n][m]i32) (gs: [n][m]f32) (k: i32) : ([]i64, []i32, []i32) =
  let (a2, b3) = unzip (scan (\(p5, q6) (r7, s8) -> (p5 + r7, i32.max q6 s8)) (0, i32.lowest) (zip (replicate n (reduce (+) 0 (filter (\x4 -> x4 != k) zs))) ys))
  let (w10, v9) = unzip (map (\x11 -> (1i32, (loop acc12 = (reduce (+) 0 ((replicate m 1i64))[5:7:2]) for i13 < 3 do acc12 + ((((replicate m i13))[(i64.i32 x11 % m)]))))) ys)
  in (v9, a2, b3)
