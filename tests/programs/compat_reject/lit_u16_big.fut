-- A suffixed u16 literal above 65535.
-- ==
-- error: literal .*out of range

def main (x: u16) : u16 = x * 70000u16
