-- An array of a sum type, mapped and folded.
-- ==
-- input { [1, -2, 3] } output { 4 1 }

type v = #pos i32 | #neg i32

def tag (x: i32) : v = if x >= 0 then #pos x else #neg x

entry main (xs: []i32) : (i32, i32) =
  let vs = map tag xs
  let pos = foldl (\acc v -> match v case #pos p -> acc + p case #neg _ -> acc) 0 vs
  let negs = foldl (\acc v -> match v case #neg _ -> acc + 1 case #pos _ -> acc) 0 vs
  in (pos, negs)
