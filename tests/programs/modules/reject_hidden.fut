-- What the module type does not name is hidden by ascription.
-- ==
-- error: module `m` has no value `secret`

module type s = { val visible : i32 }

module m : s = {
  def secret = 41
  def visible = secret + 1
}

entry main (x: i32) = x + m.secret
