-- An abstract type may be at most as lifted as its specification (`type` < `type~` <
-- `type^`), a constant's specified type may not be size-lifted, and an abstract type's
-- size parameters must be array sizes of their own in its definition: each module that
-- breaks a rule is reported with the type's definition and specification.
-- ==
-- error: 16:29: error: the type `op` is declared lifted \(`type\^`\), but its module type requires a non-lifted \(`type`\) type(.|\n)*16:37: note: `op` is defined here(.|\n)*8:23: note: `op` is specified here(.|\n)*18:30: error: the type `row` is declared lifted \(`type\^`\), but its module type requires a size-lifted \(`type~`\) type(.|\n)*20:29: error: the value `none` is not a function, so its type may not be the size-lifted type `row`(.|\n)*12:3: note: `none` is specified here(.|\n)*24:25: error: the size parameter `b` of `joined` is not used constructively(.|\n)*22:23: note: `joined` is specified here

module type plain = { type op }

module type sized = {
  type~ row
  val none : row
  val mk : i64 -> row
}

module functional : plain = { type^ op = i32 -> i32 }

module rows_lifted : sized = { type^ row = []bool def none = [] def mk n = replicate n true }

module rows_const : sized = { type~ row = []bool def none = [] def mk n = replicate n true }

module type pairs = { type joined [a][b] }

module concat : pairs = { type joined [a][b] = ([a]i32, [a + b]i32) }

entry main (x: i32) = x
