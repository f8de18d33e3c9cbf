-- Boolean literals and the lazy logical operators.
-- ==
-- input { false } output { false false true }
-- input { true } output { true true false }

entry main (b: bool) : (bool, bool, bool) = (b && true, b || false, !b)
