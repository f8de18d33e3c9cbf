-- A suffixed u8 literal above 255.
-- ==
-- error: literal .*out of range

def main (x: u8) : u8 = x + 300u8
