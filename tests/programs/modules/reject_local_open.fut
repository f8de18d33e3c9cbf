-- The names of a `local open` are not members of the module that opens them.
-- ==
-- error: 12:23: error: module `m` has no value `factor`

module base = { def factor = 2i32 }

module m = {
  local open base
  def twice (x: i32) = x * factor
}

entry main (x: i32) = m.factor + m.twice x
