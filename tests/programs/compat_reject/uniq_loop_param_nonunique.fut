-- A loop parameter declared with a non-unique array type cannot be updated in place (one
-- without a type, or declared `*[]i32`, can).
-- ==
-- error: fut:9:41: error: cannot consume `acc`: the loop parameter `acc` has a non-unique type, so it is not consumable

entry main (n: i64) : []i32 =
  let a = loop (b: *[]i32) = replicate n 0 for i < n do b with [i] = 1
  let c = loop d = a for i < n do d with [i] = 2
  in loop (acc: []i32) = c for i < n do acc with [i] = 3
