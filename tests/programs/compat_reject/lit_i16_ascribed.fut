-- A literal whose type comes from the return type must fit it.
-- ==
-- error: literal .*40000.*out of range

def main : i16 = 40000
