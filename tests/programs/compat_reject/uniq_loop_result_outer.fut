-- The body updates its loop parameter in place but hands the next iteration an array
-- from outside the loop, which the following update would then overwrite.
-- ==
-- error: loop parameter `acc` is consumed.*may not alias `other`

def main (n: i64) : []i32 =
  let other = replicate n 7
  let res = loop acc = replicate n 0 for i < n do
              let acc[i] = 1
              in other
  in map2 (+) res other
