-- A sorting library imported from the package layout (lib/github.com/...), instantiated
-- for a signed and an unsigned type; runs on every backend.
-- ==
-- entry: sort_i32
-- input { [3, -1, 7, 0, -8, 2] } output { [-8, -1, 0, 2, 3, 7] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- compiled random input { [10000]i32 } auto output

-- ==
-- entry: sort_u8
-- input { [200u8, 3u8, 255u8, 0u8] } output { [0u8, 3u8, 200u8, 255u8] }

import "lib/github.com/fjord-tests/sorts/radix_sort"

-- Modules and values share one namespace, so the modules are named apart from the entries.
module radix_i32 = mk_radix_sort i32
module radix_u8 = mk_radix_sort u8

entry sort_i32 (xs: []i32) : []i32 = radix_i32.sort xs
entry sort_u8 (xs: []u8) : []u8 = radix_u8.sort xs
