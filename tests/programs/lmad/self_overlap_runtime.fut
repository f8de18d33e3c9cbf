-- An update target with a stride known only at run time: rows of 3 elements `s` apart may
-- not overlap, so s = 3 is fine and s = 2 writes element 2 twice.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] 3i64 [[1, 2, 3], [4, 5, 6]] }
-- output { [1, 2, 3, 4, 5, 6, 6, 7, 8, 9] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] 2i64 [[1, 2, 3], [4, 5, 6]] }
-- error: may write an element twice

entry main (xs: *[]i32) (s: i64) (rows: [2][3]i32) : []i32 =
  xs with [{(2 : s), (3 : 1)}] = rows
