-- An unsuffixed literal defaults to i32; 2^31 does not fit.
-- ==
-- error: literal .*2147483648.*out of range

def main (x: i32) : i32 = x + 2147483648
