-- Only functors can be applied, and only modules have members.
-- ==
-- error: 6:12: error: this module is not a functor

module m = { def x = 1i32 }
module n = m m

entry main (y: i32) = y
