-- An if whose branch sizes differ, against a declared size.
-- ==
-- error: size

def main (b: bool) : [2]i32 = if b then [1, 2] else [1, 2, 3]
