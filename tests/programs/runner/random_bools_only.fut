-- `random input` of booleans: the result is a boolean whatever the values are.
-- ==
-- random input { bool bool [5]bool } auto output

entry main (a: bool) (b: bool) (cs: [5]bool) : (bool, bool) =
  (a || b || !a, reduce (||) false cs || !(reduce (||) false cs))
