-- A body whose size differs from the declared return size.
-- ==
-- error: size

def f (n: i64) : [n]i64 = iota (n + 1)
def main (n: i64) : [n]i64 = f n
