-- A second top-level definition of a name in one file is rejected, as in Futhark (it does
-- not shadow the first); different namespaces do not clash.
-- ==
-- error: 8:5: error: duplicate definition of `x`(.|\n)*6:5: note: `x` is first defined here

def x = 1i32
type x = i32
def x = 2i32

entry main (y: x) = x + y
