-- A type abbreviation may not hide an anonymous size in a function parameter.
-- ==
-- error: type abbreviation `pred` hides an anonymous size in a function parameter

type^ pred = []f32 -> bool

def main (xs: []f32) : bool = let p : pred = \ys -> length ys > 2 in p xs
