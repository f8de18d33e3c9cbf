-- A hexadecimal literal wider than i32.
-- ==
-- error: literal .*out of range

def main (x: i32) : i32 = x & 0x1FFFFFFFF
