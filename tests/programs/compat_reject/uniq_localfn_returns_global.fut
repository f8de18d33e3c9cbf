-- A local function may not return a top-level array: its result could then be
-- updated in place by the caller.
-- ==
-- error: result of `choose` aliases the free variable `weights`

def weights : []f32 = [0.5, 0.25, 0.25]

def main (b: bool) : []f32 =
  let choose (flag: bool) = if flag then weights else [1, 1, 1]
  in choose b
