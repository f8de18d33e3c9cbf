-- A top-level constant cannot be updated in place.
-- ==
-- error: consume

def c : []i32 = [1, 2, 3]
def f (x: i32) : *[]i32 = c with [0] = x
def main (x: i32) : []i32 = f x
