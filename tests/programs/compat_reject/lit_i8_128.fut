-- 128 does not fit in i8 (only -128 does, negated).
-- ==
-- error: literal .*out of range

def main (x: i8) : i8 = x + 128i8
