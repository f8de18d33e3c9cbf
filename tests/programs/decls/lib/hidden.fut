-- Imports util.fut without re-exporting it (no test block).

import "util"

def sum_twice (xs: []i32) : i32 = twice (\x -> x * 2) (sum_i32 xs)
