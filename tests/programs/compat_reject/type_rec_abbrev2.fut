-- Two type abbreviations defined by each other.
-- ==
-- error: unknown type|recursive|cycl

type a = b
type b = a
def main (x: i32) : i32 = x
