-- Segmented scans and reductions: segments start where the flag is true.

-- | An inclusive scan that restarts at every segment start.
def segmented_scan [n] 't (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  let pairs = scan (\(fa, a) (fb, b) -> (fa || fb, if fb then b else op a b))
                   (false, ne) (zip flags xs)
  in map (.1) pairs

-- | The segmented scan of a module's monoid.
module type monoid = {
  type t
  val op : t -> t -> t
  val ne : t
}

module segmented (M: monoid) = {
  def scan [n] (flags: [n]bool) (xs: [n]M.t) : [n]M.t = segmented_scan M.op M.ne flags xs
}
