-- `id`, `const`, `flip`, `curry` and `uncurry`.
-- ==
-- input { 7 } output { 7 1 3 9 10 }

entry main (x: i32) : (i32, i32, i32, i32, i32) =
  (id x, const 1 x, flip (-) 4 x, curry (\(a, b) -> a + b) 2 x, uncurry (+) (3, x))
