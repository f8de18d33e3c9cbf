-- An array literal element that does not fit the element type.
-- ==
-- error: literal .*200.*out of range

def main : []i8 = [1, 2, 200]
