-- `script input`: a call of an entry point on literal values (inline and from a file),
-- `$loaddata`, and a form Fjord does not evaluate yet (skipped with a reason).
-- ==
-- script input { count_up 4i64 } output { 6i32 }
-- script input { (count_up 10i64) } output { 45i32 }
-- script input @ data/script_call.txt output { 10i32 }
-- script input { count_up 3i64 } auto output
-- script input { let n = 3i64 in count_up n } output { 3i32 }

entry count_up (n: i64) : []i32 = map i32.i64 (iota n)

entry main (xs: []i32) : i32 = reduce (+) 0 xs

-- ==
-- entry: weigh
-- script input { $loaddata "data/loaddata.in" } output { 10i64 3i64 }
-- script input { pair 2i64 5i64 } output { 11i64 2i64 }

entry pair (a: i64) (b: i64) : ([]i64, i64) = (replicate a b, 1)

entry weigh (xs: []i64) (k: i64) : (i64, i64) = (i64.sum xs + k, length xs)
