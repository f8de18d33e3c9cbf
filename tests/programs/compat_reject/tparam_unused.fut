-- A type parameter that no parameter's type mentions could never be inferred at a call;
-- as in Futhark it is an error, located at the type parameter.
-- ==
-- error: fut:6:14: error: type parameter `b` is not used in any parameter type

def first 'a 'b (x: a) (y: i32) : a = if y > 0 then x else x

entry main (k: i32) = first k k
