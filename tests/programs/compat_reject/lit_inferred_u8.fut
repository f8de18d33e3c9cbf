-- An unsuffixed literal inferred as u8 must fit in u8.
-- ==
-- error: literal .*256.*out of range

def main (x: u8) : u8 = x + 256
