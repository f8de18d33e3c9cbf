-- A size parameter of a type abbreviation that its definition does not use: no use of the
-- abbreviation could say what it stands for.
-- ==
-- error: fut:7:15: error: size parameter `\[m\]` of type abbreviation `grid` is unused

type row [n] = [n]f32
type grid [n] [m] = [n]f32

entry main (r: row [3]) : f32 = r[0]
