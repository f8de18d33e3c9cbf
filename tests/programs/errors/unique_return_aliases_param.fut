-- A unique return value may not alias a non-unique parameter.
-- ==
-- error: error: the unique return value of `f` aliases the non-unique parameter `b`

def f (a: *[]i32) (b: []i32) : *[]i32 = if a[0] > 0 then a else b
