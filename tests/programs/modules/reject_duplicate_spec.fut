-- Two specifications of one name in one module type are rejected.
-- ==
-- error: 8:8: error: duplicate definition of type `t`(.|\n)*6:8: note: `t` is first defined here

module type s = {
  type t
  val f : i32 -> i32
  type t
}

entry main (a: i32) = a
