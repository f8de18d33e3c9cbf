-- An array of records holding functions is an array of functions.
-- ==
-- error: not first-order

def main (x: i32) : i32 = let rs = [{f = \(y: i32) -> y}] in rs[0].f x
