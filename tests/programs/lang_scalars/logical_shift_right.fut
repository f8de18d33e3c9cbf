-- `>>>` shifts in zeros; `>>` keeps the sign.
-- ==
-- input { -16 } output { -4 1073741820 }

entry main (x: i32) : (i32, i32) = (x >> 2, x >>> 2)
