-- An irregular array literal.
-- ==
-- error: size

def main : [][]i32 = [[1], [2, 3]]
