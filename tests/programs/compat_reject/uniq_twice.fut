-- One array passed for two unique parameters of one call.
-- ==
-- error: consume

def two (a: *[]i32) (b: *[]i32) : i32 = a[0] + b[0]
def main (xs: *[]i32) : i32 = two xs xs
