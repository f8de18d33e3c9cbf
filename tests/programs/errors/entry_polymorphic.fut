-- An entry point must not have type parameters.
-- ==
-- error: error: entry point `f` cannot have type parameters

entry f 'a (x: a) : a = x
