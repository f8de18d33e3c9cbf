-- A `for` loop summing its iterator.
-- ==
-- input { 5i64 } output { 10i64 }
-- input { 0i64 } output { 0i64 }

entry main (n: i64) : i64 = loop acc = 0 for i < n do acc + i
