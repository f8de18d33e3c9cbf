-- Records may hold arrays; a field access then indexes.
-- ==
-- input { [1, 2, 3] } output { 2 6 }

entry main (xs: []i32) : (i32, i32) =
  let r = {data = xs, scale = 2}
  in (r.data[1], r.scale * r.data[2])
