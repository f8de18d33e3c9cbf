-- A functor's result module type is checked against its body where the functor is
-- defined, even if it is never applied.
-- ==
-- error: 6:64: error: the module does not define the value `total` that its module type requires(.|\n)*6:44: note: `total` is specified here

module summing (P: { val xs : []i32 }) : { val total : i32 } = {
  def sum_of_all = i32.sum P.xs
}

entry main (x: i32) = x
