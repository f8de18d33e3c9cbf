-- A module of values and a type, nested modules, qualified names and `M.(e)`.
-- ==
-- input { 3 } output { 8 7 16i64 }

module counter = {
  type count = i32
  def start : count = 1
  def step (c: count) : count = c + 2
  module inner = {
    def twice (c: count) = step (step c)
    def size = 16i64
  }
}

def step (x: i32) = x * 100 -- not the module's step

entry main (x: i32) : (counter.count, i32, i64) =
  (counter.inner.twice (counter.step x) - counter.start,
   counter.(step (step start)) + 2,
   counter.inner.size)
