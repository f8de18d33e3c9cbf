-- decls: op_polymorphic, op_power_prefix, op_prec_additive_multiplicative,
-- op_prec_comparison, op_right_assoc, op_sections, op_sections_left. One entry point and
-- test block per program, so that each backend builds this file once (docs/testing.md).

-- op_polymorphic: A polymorphic operator on functions: left-to-right composition.
-- ==
-- entry: op_polymorphic
-- input { 3 } output { 8 7 }

def (>->) 'a 'b 'c (f: a -> b) (g: b -> c) : a -> c = \x -> g (f x)

entry op_polymorphic (x: i32) : (i32, i32) = (((+ 1) >-> (* 2)) x, ((* 2) >-> (+ 1)) x)

-- op_power_prefix: An operator starting with `**` binds tighter than `*`.
-- ==
-- entry: op_power_prefix
-- input { 2 3 } output { 24 }

def (**!) (a: i32) (n: i32) : i32 = loop acc = 1 for _i < n do acc * a

entry op_power_prefix (a: i32) (n: i32) : i32 = 3 * a **! n

-- op_prec_additive_multiplicative:
-- `*|` binds like `*`, tighter than `+|`, which binds like `+`.
-- ==
-- entry: op_prec_additive_multiplicative
-- input { 2 3 4 } output { 14 20 }

def (+|) (a: i32) (b: i32) : i32 = a + b
def (*|) (a: i32) (b: i32) : i32 = a * b

entry op_prec_additive_multiplicative (a: i32) (b: i32) (c: i32) : (i32, i32) = (a +| b *| c, (a +| b) *| c)

-- op_prec_comparison:
-- An operator starting with `<` binds like a comparison, looser than `+`.
-- ==
-- entry: op_prec_comparison
-- input { 1 2 3 } output { true false }

def (<!) (a: i32) (b: i32) : bool = a * 2 < b

entry op_prec_comparison (a: i32) (b: i32) (c: i32) : (bool, bool) = (a + b <! 7, a + c <! 7)

-- op_right_assoc: Operators starting with `<|` associate to the right.
-- ==
-- entry: op_right_assoc
-- input { 2 } output { 9 }

def (<|>) (f: i32 -> i32) (x: i32) : i32 = f x

entry op_right_assoc (x: i32) : i32 = (+ 1) <|> (* 4) <|> x

-- op_sections: Sections of a user-defined operator.
-- ==
-- entry: op_sections
-- input { [1, 2] } output { [11, 21] [11, 12] 12 }

def (+^) (a: i32) (b: i32) : i32 = a * 10 + b

entry op_sections (xs: []i32) : ([]i32, []i32, i32) =
  (map (+^ 1) xs, map (1 +^) xs, (+^) xs[0] xs[1])

-- op_sections_left: A left section and the plain section of a user-defined operator.
-- ==
-- entry: op_sections_left
-- input { [1, 2] } output { [11, 12] 12 }

def (+^^) (a: i32) (b: i32) : i32 = a * 10 + b

entry op_sections_left (xs: []i32) : ([]i32, i32) = (map (1 +^^) xs, (+^^) xs[0] xs[1])
