-- The result of a top-level function may alias its parameters only, not a top-level
-- array: an entry point handing out `primes` itself is rejected at its body.
-- ==
-- error: fut:8:31: error: the result of `pick` aliases the free variable `primes`; use `copy`

def primes : []i64 = [2, 3, 5, 7]

entry pick (n: i64) : []i64 = if n > 0 then primes[:n] else []
