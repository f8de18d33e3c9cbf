-- Local declarations are not visible to importers (no test block).

local type hidden = i32
local def helper (x: hidden) : hidden = x + 1

def public (x: i32) : i32 = helper (helper x)
