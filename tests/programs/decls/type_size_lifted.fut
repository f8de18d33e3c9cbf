-- `type~` may hide a size.
-- ==
-- input { 5i64 } output { [0, 2, 4] }
-- input { 0i64 } output { empty([0]i32) }

type~ ints = []i32

def evens (n: i64) : ints = filter (\x -> x % 2 == 0) (map i32.i64 (iota n))

entry main (n: i64) : []i32 = evens n
