-- Booleans compare with `false < true`.
-- ==
-- input { false true } output { true false }

entry main (a: bool) (b: bool) : (bool, bool) = (a < b, a == b)
