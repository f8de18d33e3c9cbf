-- Imports a file of the parent folder by a relative path (no test block).

import "../util"

def deep_sum (xs: []i32) : i32 = sum_i32 xs + const_seven
