-- Structure checks after `entry:` count only the named entry points: the whole program
-- has a SegRed and a SegMap, each entry point only one of them.
-- ==
-- entry: total
-- input { [1, 2, 3] } output { 6 }
-- structure gpu { SegRed 1 SegMap 0 }

entry total (xs: []i32) : i32 = reduce (+) 0 xs

-- ==
-- entry: incr
-- input { [1, 2, 3] } output { [2, 3, 4] }
-- structure gpu { SegMap 1 SegRed 0 }

entry incr (xs: []i32) : []i32 = map (+ 1) xs

-- ==
-- structure gpu { SegMap 1 SegRed 1 }
