-- A loop whose parameter the body consumes consumes its initial value; the body may not
-- read that array any more.
-- ==
-- error: 8:25: error: `xs` is used in the loop body, but the loop consumed it

entry main (xs: *[]i32) : []i32 =
  loop (ys: *[]i32) = xs for i < 3 do
    let ys[i] = ys[i] + xs[0] in ys
