-- A reduction with a tuple operator that is not commutative as written: ties go to the
-- smallest index, so the result depends on combining operands in order.
-- ==
-- input { [3, 9, 2, 9, 1] } output { 9 1i64 }
-- input { [5] } output { 5 0i64 }
-- input { empty([0]i32) } output { -2147483648 -1i64 }
-- input { [-7, -7, -7] } output { -7 0i64 }
-- compiled random input { [2000003]i32 } auto output
-- structure gpu { SegRed 1 }

entry main [n] (xs: [n]i32) : (i32, i64) =
  reduce (\(a,i) (b,j) -> if a > b || (a == b && i < j) then (a,i) else (b,j))
         (i32.lowest, -1)
         (zip xs (iota n))
