-- `random input` with scalars, booleans and arrays; compiled results are compared with
-- the interpreter's (`auto output`).
-- ==
-- random input { i32 bool f32 [10]i64 } auto output

entry main (x: i32) (b: bool) (f: f32) (xs: [10]i64) : (i32, f32, i64) =
  (if b then x else -x, f * 2, reduce (+) 0 xs)

-- ==
-- entry: small
-- random input { u8 i64 bool } auto output

entry small (x: u8) (y: i64) (b: bool) : i64 = if b then i64.u8 x + y else y - i64.u8 x
