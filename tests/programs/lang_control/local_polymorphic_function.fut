-- A local function used at two types.
-- ==
-- input { 4 } output { 4 true }

entry main (x: i32) : (i32, bool) =
  let ident v = v
  in (ident x, ident true)
