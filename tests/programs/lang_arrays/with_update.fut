-- `with` updates of an element, a slice and a row.
-- ==
-- input { [1, 2, 3, 4] } output { [1, 9, 3, 4] [7, 8, 3, 4] [[0, 0], [5, 6]] }

entry main (xs: *[]i32) : ([]i32, []i32, [][]i32) =
  let a = copy xs with [1] = 9
  let b = copy xs with [0:2] = [7, 8]
  let m = [[0, 0], [0, 0]] with [1] = [5, 6]
  in (a, b, m)
