-- An if may not return a record holding a function.
-- ==
-- error: functional.*not first-order

def main (b: bool) (x: i32) : i32 = let r = if b then {f = \(y: i32) -> y} else {f = \y -> y + 1} in r.f x
