-- The instantiated result type of a polymorphic function must match.
-- ==
-- error: error: cannot unify `bool` with `i32`

def id 'a (x: a) : a = x

entry main (x: i32) : bool = id x
