-- A size parameter that no parameter type mentions.
-- ==
-- error: error: size parameter `m` is not used in any parameter type

def f [m] (x: i32) = x
