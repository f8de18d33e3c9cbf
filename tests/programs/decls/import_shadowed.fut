-- A definition after an import shadows the imported one of the same name.
-- ==
-- input { 1 } output { 9 }

import "lib/util"

def const_seven : i32 = 8

entry main (x: i32) : i32 = const_seven + x
