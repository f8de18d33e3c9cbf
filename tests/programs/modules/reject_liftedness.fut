-- An abstract type may be at most as lifted as its specification (`type` < `type~` <
-- `type^`), and a constant's specified type may not be size-lifted: each module that
-- breaks a rule is reported with the type's definition and specification.
-- ==
-- error: 15:29: error: the type `op` is declared lifted \(`type\^`\), but its module type requires a non-lifted \(`type`\) type(.|\n)*15:37: note: `op` is defined here(.|\n)*7:23: note: `op` is specified here(.|\n)*17:30: error: the type `row` is declared lifted \(`type\^`\), but its module type requires a size-lifted \(`type~`\) type(.|\n)*19:29: error: the value `none` is not a function, so its type may not be the size-lifted type `row`(.|\n)*11:3: note: `none` is specified here

module type plain = { type op }

module type sized = {
  type~ row
  val none : row
  val mk : i64 -> row
}

module functional : plain = { type^ op = i32 -> i32 }

module rows_lifted : sized = { type^ row = []bool def none = [] def mk n = replicate n true }

module rows_const : sized = { type~ row = []bool def none = [] def mk n = replicate n true }

entry main (x: i32) = x
