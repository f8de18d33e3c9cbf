-- A type abbreviation defined by itself is an unknown type at its definition, and its uses
-- are errors too, not an endless expansion (this crashed `fjord check`).
-- ==
-- error: 6:10: error: unknown type `t`

type t = t

def main (x: t) : i32 = 1
