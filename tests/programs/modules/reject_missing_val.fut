-- Ascription requires every item of the module type; the error names the missing one.
-- ==
-- error: does not define the value `size`

module type container = {
  type t
  val empty : t
  val size : t -> i64
}

module list : container = {
  type t = []i32
  def empty : t = []
}

entry main (x: i32) = x
