-- Version B of multi-versioned nests (Note [Intra-group SegMap] in src/ir/IR.h): one block
-- per row, the row's reduction or scan run by the block's threads in shared memory.
-- CTest runs this group with each version forced (`programs/intra_group/opencl-intra`,
-- `-outer`, `-flat`): every run is checked against the interpreter. Unforced, the defaults
-- take version B for these few rows wherever a row has at least 32 elements. Rows of
-- lengths that are not multiples of 32, of 1024, longer than 1024 (B on PoCL, whose
-- work-groups hold 4096 work-items, C on GPUs: the guard reads the device's limits) and
-- longer than 4096 (C everywhere, even when B is forced) are tested.

-- A reduction of a mapped row: one segmented reduction, which dominates versions A and B
-- (Note [Dominated outer versions]); the forced runs still check it.
-- ==
-- entry: sums
-- input { [[1, 2, 3], [4, 5, 6]] } output { [15, 33] }
-- input { empty([0][4]i32) } output { empty([0]i32) }
-- input { empty([3][0]i32) } output { [0, 0, 0] }
-- random input { [7][37]i32 } auto output
-- random input { [3][1024]i32 } auto output
-- random input { [2][1025]i32 } auto output
-- structure gpu { CmpSize 0 If 0 IntraSegMap 0 SegRed 1 }

entry sums [n][m] (xss: [n][m]i32) : [n]i32 = map (\r -> reduce (+) 0 (map (\x -> 2 * x + 1) r)) xss

-- A scan of a mapped row.
-- ==
-- entry: scans
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[2, 5, 9], [5, 11, 18]] }
-- input { empty([3][0]i32) } output { empty([3][0]i32) }
-- random input { [5][33]i32 } auto output
-- random input { [2][1024]i32 } auto output
-- random input { [2][1300]i32 } auto output
-- structure gpu { CmpSize 0 If 0 IntraSegMap 0 SegScan 1 }

entry scans [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\r -> scan (+) 0 (map (+ 1) r)) xss

-- Operators that are not commutative, on pairs: the composition of affine maps x -> a*x + b
-- (the scan) and its reduction, so an operand order mixed up gives another result.
-- ==
-- entry: affine
-- input { [[1, 2, 3], [2, 0, 1]] [[1, 1, 1], [5, 6, 7]] } auto output
-- random input { [6][45]i32 [6][45]i32 } auto output
-- random input { [2][1025]i32 [2][1025]i32 } auto output
-- random input { [2][4100]i32 [2][4100]i32 } auto output
-- structure gpu { IntraSegMap 1 DeviceLimit 2 }

def compose (a1: i32, b1: i32) (a2: i32, b2: i32) : (i32, i32) = (a1 * a2, b1 * a2 + b2)

entry affine [n][m] (as: [n][m]i32) (bs: [n][m]i32) : ([n][m]i32, [n][m]i32, [n]i32, [n]i32) =
  let (sa, sb) = unzip (map2 (\ar br -> unzip (scan compose (1, 0) (zip ar br))) as bs)
  let (ra, rb) = unzip (map2 (\ar br -> reduce compose (1, 0) (zip ar br)) as bs)
  in (sa, sb, ra, rb)

-- Scalar code after the reduction runs in every thread; thread 0 stores its result.
-- ==
-- entry: normalised
-- input { [[1.0, 2.0, 5.0], [4.0, 0.0, 4.0]] } output { [1.6, 2.0] }
-- random input { [9][100]f32 } auto output
-- structure gpu { IntraSegMap 1 }

entry normalised [n][m] (xss: [n][m]f32) : [n]f32 =
  map (\r -> let mx = reduce f32.max f32.lowest r in (f32.sum r) / mx) xss

-- A scan and a reduction of the same row, fused into one screma: flattening keeps it
-- sequential in the thread (one SegMap), so the nest gets no versions, B included.
-- ==
-- entry: scan_and_max
-- input { [[3, 1, 2], [0, 5, 4]] } output { [[3, 4, 6], [0, 5, 9]] [3, 5] }
-- random input { [4][70]i32 } auto output
-- structure gpu { CmpSize 0 IntraSegMap 0 }

entry scan_and_max [n][m] (xss: [n][m]i32) : ([n][m]i32, [n]i32) =
  unzip (map (\r -> (scan (+) 0 r, i32.maximum r)) xss)

-- A row read at an element other threads produce is not in version B's reach yet: the
-- nest gets versions A and C only.
-- ==
-- entry: last_of_scan
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- structure gpu { IntraSegMap 0 }

entry last_of_scan [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\r -> let s = scan (+) 0 r in if m > 0 then s[m - 1] else 0) xss

-- A map-scan-map chain: the scan's element stays in thread j for the map after it.
-- ==
-- entry: chain
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[4, 10, 18], [10, 22, 36]] }
-- random input { [5][100]i32 } auto output
-- random input { [2][1025]i32 } auto output
-- structure gpu { IntraSegMap 1 }

entry chain [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> map (* 2) (scan (+) 0 (map (+ 1) r))) xss

-- A reduction, then a map scaling the row by its result.
-- ==
-- entry: scale_by_max
-- input { [[1, 2], [3, 4]] } output { [[2, 4], [12, 16]] }
-- random input { [3][200]i32 } auto output
-- structure gpu { IntraSegMap 1 }

entry scale_by_max [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> let s = i32.maximum r in map (* s) r) xss

-- Branches and a scalar loop in the map, the operator and the code between the SOACs:
-- each thread runs them alone, so version B takes them (no barrier is inside them).
-- ==
-- entry: branchy
-- input { [[1, -2, 3], [-4, 5, 0]] } auto output
-- random input { [5][77]i32 } auto output
-- random input { [3][1024]i32 } auto output
-- structure gpu { IntraSegMap 1 }

entry branchy [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r ->
         let big = reduce (\a b -> if a > b then a else b) i32.lowest
                          (map (\x -> if x > 0 then x * 3 else 0 - x) r)
         let k = loop acc = 0 for i < 3 do if big > acc then acc + (big >> i32.i64 i) else acc
         in map (\x -> loop y = x for _i < 2 do y * 2 - k) r) xss
