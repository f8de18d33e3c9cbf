-- 2^63 does not fit in i64.
-- ==
-- error: literal .*out of range

def main : i64 = 9223372036854775808
