-- An `open` in a module body makes the opened names members of that module too (so a
-- functor's body may `open` its parameter or another instance and export the names),
-- while `local open` only brings them into scope.
-- ==
-- input { 5 } output { 5 8 15 6 }

module type scale = { val factor : i32 }

module scaling (S: scale) = {
  open S
  def scaled (x: i32) = x * factor
}

module by3 = scaling { def factor = 3i32 }

module layered (S: scale) = {
  open (scaling S)
  def shifted (x: i32) = scaled x + 1
}

module l = layered { def factor = 1i32 }

module hidden = {
  local open by3
  def bump (x: i32) = x + 1
}

entry main (x: i32) : (i32, i32, i32, i32) =
  (l.scaled x, by3.factor + by3.factor + 2, by3.scaled x, hidden.bump x)
