-- A sum type inferred from the constructors used, without a declaration.
-- ==
-- input { true } output { 3 }
-- input { false } output { 0 }

def pick (b: bool) = if b then #some 3i32 else #none

entry main (b: bool) : i32 = match pick b case #some x -> x case #none -> 0
