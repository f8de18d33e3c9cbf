-- A float literal ascribed an integer type.
-- ==
-- error: floating-point literal

def f = 1.5 : i32
