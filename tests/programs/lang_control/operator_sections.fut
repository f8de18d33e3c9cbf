-- Left and right operator sections and a bare operator.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] [9, 8, 7] [-4, -3, -2] 6 }

entry main (xs: []i32) : ([]i32, []i32, []i32, i32) =
  (map (2 *) xs, map (10 -) xs, map (+ -5) xs, reduce (+) 0 xs)

-- ==
-- entry: qualified
-- input { [1, 2, 3] [0.5f32, 4f32] }
-- output { [2, 4, 6] [9, 8, 7] [-1, 0, 1] [false, false, true] [true, false] [3f32, -0.5f32] }

-- Sections of operators named through a namespace: `(i32.- 2)` subtracts 2 (a section, not
-- a negation as `(- 2)` is), `(10 i32.-)` subtracts from 10, and the operand may be any
-- expression (`i32.< 1 + 1` compares with 2).
entry qualified (xs: []i32) (ys: []f32)
    : ([]i32, []i32, []i32, []bool, []bool, []f32) =
  ( map (i32.* 2) xs, map (10 i32.-) xs, map (i32.- 2) xs, map (2 i32.<) xs
  , map (f32.< 1 + 1) ys, map (f32.+ 1) (map (f32.- 0.5) (map (3 f32.-) ys)) )
