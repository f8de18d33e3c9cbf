-- A one-element array returned where the type says two.
-- ==
-- error: size

def two 't (x: t) : [2]t = [x]
def main (x: i32) : [2]i32 = two x
