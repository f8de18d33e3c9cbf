-- Nothing fixes the type of `x` and `y` but `==`: Futhark does not generalise over equality
-- types, so the type is ambiguous.
-- ==
-- error: fut:6:18: error: type is ambiguous: it must be an equality type

def same x y = x == y

entry main (a: i32) : bool = same a a
