-- decls: import_local, local_chain, local_type. One entry point and test block per
-- program, so that each backend builds this file once (docs/testing.md).

-- import_local: `local import` is the same as `import`.
-- ==
-- entry: import_local
-- input { [4, 5] } output { 9 }

local import "lib/util"

entry import_local (xs: []i32) : i32 = sum_i32 xs

-- local_chain: `local` definitions may use each other.
-- ==
-- entry: local_chain
-- input { 5 } output { 7 }

local def helper (x: i32) : i32 = x + 1
local def helper2 (x: i32) : i32 = helper (helper x)

entry local_chain (x: i32) : i32 = helper2 x

-- local_type: A `local` type abbreviation is usable in its own file.
-- ==
-- entry: local_type
-- input { 3 } output { 6 }

local type t = i32

def f (x: t) : t = x * 2

entry local_type (x: i32) : i32 = f x
