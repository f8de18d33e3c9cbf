-- A type abbreviation applied to the wrong number of arguments.
-- ==
-- error: error: type `pair` expects 1 argument\(s\), got 0

type pair 'a = (a, a)
def f (p: pair) = p
