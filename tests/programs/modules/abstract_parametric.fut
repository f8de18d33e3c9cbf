-- Opaque ascription hides the definitions of abstract types with type and size parameters
-- too: outside the module, `q.queue i32` and `q.buf [n]` are types of their own, used only
-- through the module's values; the arguments still matter (`q.buf [3]` is not `q.buf [4]`).
-- ==
-- input { 7 3i64 } output { 7 2 3i64 6i64 }

module type queue = {
  type~ queue 'a
  type buf [n]
  val single 'a : a -> queue a
  val push 'a : a -> queue a -> queue a
  val front 'a : a -> queue a -> a
  val size 'a : queue a -> i32
  val fill : (n: i64) -> buf [n]
  val total [n] : buf [n] -> i64
  val width [n] : buf [n] -> i64
}

module q : queue = {
  type~ queue 'a = []a
  type buf [n] = [n]i64
  def single 'a (x: a) : queue a = [x]
  def push 'a (x: a) (xs: queue a) : queue a = xs ++ [x]
  def front 'a (d: a) (xs: queue a) : a = if length xs == 0 then d else xs[0]
  def size 'a (xs: queue a) : i32 = i32.i64 (length xs)
  def fill (n: i64) : buf [n] = iota n
  def total [n] (b: buf [n]) : i64 = i64.sum b
  def width [n] (_: buf [n]) : i64 = n
}

def two 'a (x: a) (y: a) : q.queue a = q.push y (q.single x)

entry main (x: i32) (n: i64) : (i32, i32, i64, i64) =
  let b : q.buf [n] = q.fill n
  in (q.front 0 (two x 1), q.size (two true false), q.width b, q.total (q.fill 4))
