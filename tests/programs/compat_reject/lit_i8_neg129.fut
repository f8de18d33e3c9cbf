-- A negated i8 literal below -128.
-- ==
-- error: literal .*out of range

def main (x: i8) : i8 = x + -129i8
