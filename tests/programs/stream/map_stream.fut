-- map_stream with code that depends on the chunk (its size and a per-chunk iota) but
-- whose result does not: element i of the result is 3 * xs[i] + 1. The interpreter splits
-- the input into several chunks; the GPU path runs one chunk.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [4i32, 7i32, 10i32, 13i32, 16i32, 19i32, 22i32] }
-- input { [5i32] } output { [16i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure core { StreamMap 1 }

entry main (xs: []i32) : []i32 =
  map_stream (\k (c: [k]i32) ->
                let r = c[::-1]
                in map (\i -> r[k - 1 - i] * 3 + 1) (iota k))
             xs

-- ==
-- entry: pairs
-- input { [1i32, 2i32, 3i32] [10i32, 20i32, 30i32] }
-- output { [10i32, 20i32, 30i32] [11i32, 22i32, 33i32] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) empty([0]i32) }

-- Chunks of an array of pairs (two arrays in the IR), mapped to pairs.
entry pairs [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  unzip (map_stream (\k (c: [k](i32, i32)) -> map (\(a, b) -> (b, a + b)) c) (zip xs ys))
