-- A lifted type parameter `'^a` needs `type^`.
-- ==
-- error: error: the lifted type parameter `'\^a` needs a lifted type abbreviation

type box '^a = {v: a}

entry main (x: i32) : i32 = x
