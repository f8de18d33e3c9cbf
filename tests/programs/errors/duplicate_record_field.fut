-- A record literal with the same field twice.
-- ==
-- error: error: field `a` appears more than once

def f = {a = 1, a = 2}
