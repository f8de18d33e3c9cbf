-- A named size is rigid in the body: it does not match another array's size. The `[]` of
-- `xs` may not become `m`, which only exists inside the body.
-- ==
-- error: fut:6:12: error: size `m` goes out of scope[\s\S]*fut:7:8: note: `m` is the variable bound here

entry main (xs: []i32) : []i32 =
  let [m] (ys: [m]i32) = filter (> 0) xs
  in map2 (+) ys xs
