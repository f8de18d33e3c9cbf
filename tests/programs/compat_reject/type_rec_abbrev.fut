-- A type abbreviation defined by itself.
-- ==
-- error: unknown type|recursive|cycl

type t = t
def main (x: i32) : i32 = x
