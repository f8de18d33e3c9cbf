-- A loop parameter whose size changes gets an existential size; one whose size does not
-- change keeps it (the result is zipped with the initial value). Compiled backends do not
-- take loops whose arrays change size yet.
-- ==
-- tags { no_opencl no_cuda }
-- input { [1, 2] } output { 16i64 [4, 8] }

entry main [n] (xs: [n]i32) : (i64, [n]i32) =
  let grown = loop acc = xs for _i < 3 do concat acc acc
  let same = loop acc = xs for _i < 2 do map (* 2) acc
  in (length grown, map (.0) (zip same xs))
