-- Uniqueness in `val` specifications: a value whose result aliases its argument does not
-- give the unique result its specification promises, and one that consumes its argument
-- does not fit a specification whose parameter is not unique.
-- ==
-- error: 16:7: error: `fresh` does not match its `val` specification: the unique return value of `fresh` aliases the non-unique parameter(.|\n)*9:3: note: `fresh` is specified here(.|\n)*17:7: error: `clear` does not match its `val` specification: cannot consume(.|\n)*10:3: note: `clear` is specified here

module type buffer = {
  val fill : *[]i32 -> i32 -> *[]i32
  val fresh [n] : [n]i32 -> ?[m].*[m]i32
  val clear [n] : [n]i32 -> [n]i32
}

-- `fill` may take a unique argument without consuming it (less than its spec allows).
module buf : buffer = {
  def fill (xs: []i32) (x: i32) = map (const x) xs
  def fresh (xs: []i32) : []i32 = xs
  def clear (xs: *[]i32) = xs with [0] = 0
}

entry main (xs: []i32) = buf.fill (copy xs) 1
