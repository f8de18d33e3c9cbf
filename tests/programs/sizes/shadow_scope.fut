-- Sizes refer to bindings, not spellings: a shadowing `n` is a new size, used consistently
-- (and in a declared type); sizes local to a `let`, a lambda, a loop body or a function's
-- body escape as existential sizes, used through `length`.
-- ==
-- input { 3i64 } output { [1i64, 2i64, 3i64, 4i64] 5i64 [2i64, 2i64, 2i64] 6i64 10i64 }
-- input { 0i64 } output { [1i64] 2i64 empty([0]i64) 3i64 1i64 }

def f (n: i64) = let n = n + 1 in iota n

entry main (n: i64) =
  let n = n + 1
  let xs : [n]i64 = map2 (+) (iota n) (replicate n 1)
  let ys = let m = n + 1 in iota m
  let zs = map (\_ -> let k = 2 in iota k) (iota (n - 1))
  let w = loop s = 0i64 for i < n do let r = iota (i + 1) in s + length r
  in (xs, length ys, map length zs, length (f n) + 1, w)
