-- An abstract type may be at most as lifted as its specification (`type` < `type~` <
-- `type^`), a constant's specified type may not be size-lifted, and an abstract type's
-- size parameters must be array sizes of their own in its definition, and a value may not
-- have less lifted type parameters than its spec (`'a` for `'^a`): each module that
-- breaks a rule is reported with the type's definition and specification.
-- ==
-- error: 17:29: error: the type `op` is declared lifted \(`type\^`\), but its module type requires a non-lifted \(`type`\) type(.|\n)*17:37: note: `op` is defined here(.|\n)*9:23: note: `op` is specified here(.|\n)*19:30: error: the type `row` is declared lifted \(`type\^`\), but its module type requires a size-lifted \(`type~`\) type(.|\n)*21:29: error: the value `none` is not a function, so its type may not be the size-lifted type `row`(.|\n)*13:3: note: `none` is specified here(.|\n)*25:25: error: the size parameter `b` of `joined` is not used constructively(.|\n)*23:23: note: `joined` is specified here(.|\n)*29:26: error: the value `apply` is less polymorphic than its `val` specification(.|\n)*27:24: note: `apply` is specified here

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

module type mapper = { val apply '^a : a -> a }

module strict : mapper = { def apply 'a (x: a) = x }

entry main (x: i32) = x
