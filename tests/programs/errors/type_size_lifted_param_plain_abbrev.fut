-- A size-lifted type parameter `'~a` needs `type~` (or `type^`).
-- ==
-- error: error: the size-lifted type parameter `'~a` needs a size-lifted type abbreviation

type box '~a = {v: a}

entry main (x: i32) : i32 = x
