-- Polymorphic helpers and a constant (no test block).

def twice 'a (f: a -> a) (x: a) : a = f (f x)
def compose 'a 'b 'c (f: b -> c) (g: a -> b) (x: a) : c = f (g x)
def sum_i32 (xs: []i32) : i32 = reduce (+) 0 xs
def const_seven : i32 = 7
