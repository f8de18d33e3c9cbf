-- `match` on booleans binds nothing.
-- ==
-- input { true } output { 1 }
-- input { false } output { 0 }
-- structure simplified { If 1 }

entry main (b: bool) : i32 = match b case true -> 1 case false -> 0
