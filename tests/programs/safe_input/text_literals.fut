-- Text input out of range for its type, and negative dimensions of `empty`: an error
-- naming the argument and the literal (issue 16).
-- ==
-- entry: int32
-- input { 99999999999 } error: argument 1.*literal .99999999999. is out of range for i32
-- input { 1 [1, 2147483648] } error: argument 2.*literal .2147483648. is out of range for i32
-- input { -2147483648 [2147483647] } output { -1i32 }
entry int32 (x: i32) (xs: []i32) : i32 = x + i32.sum xs

-- ==
-- entry: bytes
-- input { 300u8 } error: argument 1.*literal .300u8. is out of range for u8
-- input { -1u8 } error: argument 1.*literal .-1u8. is out of range for u8
-- input { 255u8 } output { 255i32 }
entry bytes (x: u8) : i32 = i32.u8 x

-- ==
-- entry: empties
-- input { empty([0][-5]i32) } error: argument 1.*dimension 1 in .?empty\(...\).? is negative: -5
-- input { empty([0][5]i32) } output { 0i64 }
entry empties (xss: [][]i32) : i64 = length xss
