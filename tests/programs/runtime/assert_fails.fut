-- A failed assertion reports its condition.
-- ==
-- input { -1 } error: assertion failed(: `\(x >= 0\)`| at .*:6:\d+)
-- input { 4 } output { 2 }

entry main (x: i32) : i32 = assert (x >= 0) (x / 2)
