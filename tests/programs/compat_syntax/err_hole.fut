-- A typed hole whose type nothing decides is ambiguous at an entry point; an ascription
-- decides it. Here the hole must be an i32 and a bool at once.
-- ==
-- error: 6:.*bool

entry main (x: i32) : i32 = let h = ??? in if h then x else h
