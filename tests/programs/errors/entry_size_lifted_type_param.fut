-- An entry point cannot have a (size-lifted) type parameter.
-- ==
-- error: error: entry point `main` cannot have type parameters

entry main '~a (x: a) : a = x
