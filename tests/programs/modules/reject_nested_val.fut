-- A value of a nested module that does not fit its specification is named by its path in
-- the module type.
-- ==
-- error: 14:9: error: `inner\.get` does not match its `val` specification(.|\n)*8:5: note: `inner\.get` is specified here

module type outer = {
  module inner : {
    val get : i32 -> bool
  }
}

module m : outer = {
  module inner = {
    def get (x: i32) = x + 1
  }
}
