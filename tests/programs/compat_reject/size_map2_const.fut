-- map2 over arrays of different known sizes.
-- ==
-- error: size

def main : []i64 = map2 (+) (iota 3) (iota 4)
