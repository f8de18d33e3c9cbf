-- User-defined operators made of operator characters, dots included after the first: each
-- takes the precedence and associativity of its leading character.
-- ==
-- input { 2f32 3i32 } output { 10f32 22i32 16i32 true }

def (+.) (a: f32) (b: f32) = a + b * 2
def (*^) (a: i32) (b: i32) = a * b + 1
def (|.|) (a: i32) (b: i32) = a - b
def (<.>) (a: i32) (b: i32) = a < b

-- `+.` is additive and left-associative: (2 +. 1) +. 1.5 = 4 + 3 = 7; then plus 3.
-- `*^` is multiplicative: 1 + (3 *^ 7) = 1 + 22; `|.|` binds looser than `+`.
entry main (x: f32) (y: i32) : (f32, i32, i32, bool) =
  (x +. 1 +. 1.5 + 3, y *^ 7, 20 |.| 1 + 3, y *^ 2 <.> 8)
