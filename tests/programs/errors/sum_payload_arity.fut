-- A constructor pattern with the wrong number of payloads.
-- ==
-- error: constructor `#a` is used with 2 payload value\(s\) here but 1 elsewhere

def f (x: #a i32 | #b) : i32 = match x case #a p q -> p + q case #b -> 0
