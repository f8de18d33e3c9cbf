-- Half of an import cycle (no test block): cycle_a.fut -> cycle_b.fut -> cycle_a.fut.

import "cycle_b"

def a (x: i32) : i32 = x
