-- A consuming function applied to a non-unique array.
-- ==
-- error: consume

def app (f: *[]i32 -> []i32) (xs: []i32) : []i32 = f xs
def main (xs: []i32) : []i32 = app (\(a: *[]i32) -> a with [0] = 1) xs
