-- A concatenation of four elements declared as three.
-- ==
-- error: size

def main : [3]i32 = [1, 2] ++ [3, 4]
