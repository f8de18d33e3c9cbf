-- A loop computing a factorial with u64 arithmetic.
-- ==
-- input { 10u64 } output { 3628800u64 }

entry main (n: u64) : u64 = loop acc = 1 for i < n do acc * (i + 1)
