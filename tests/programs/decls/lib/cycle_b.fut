-- The other half of the import cycle of cycle_a.fut (no test block).

import "cycle_a"

def b (x: i32) : i32 = x
