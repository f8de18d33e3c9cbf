-- decls: op_backtick_user, op_bitwise_prefix, op_left_assoc, op_local_operator,
-- op_on_tuples, op_pipe_prefix. One entry point and test block per program, so that each
-- backend builds this file once (docs/testing.md).

-- op_backtick_user: A function used infix with backticks binds more loosely than `+`.
-- ==
-- entry: op_backtick_user
-- input { 1.0 3.0 } output { 2.0 2.5 }

def avg (a: f64) (b: f64) : f64 = (a + b) / 2

entry op_backtick_user (a: f64) (b: f64) : (f64, f64) = (a `avg` b, a `avg` b + 1.0)

-- op_bitwise_prefix:
-- An operator starting with `&` binds like the bitwise operators: looser than `+`.
-- ==
-- entry: op_bitwise_prefix
-- input { 1 2 3 } output { 9 }

def (&!) (a: i32) (b: i32) : i32 = a * b

entry op_bitwise_prefix (a: i32) (b: i32) (c: i32) : i32 = a + b &! c

-- op_left_assoc: User operators starting with `-` associate to the left.
-- ==
-- entry: op_left_assoc
-- input { 10 3 2 } output { 5 9 }

def (-!) (a: i32) (b: i32) : i32 = a - b

entry op_left_assoc (a: i32) (b: i32) (c: i32) : (i32, i32) = (a -! b -! c, a -! (b -! c))

-- op_local_operator: A `local` operator.
-- ==
-- entry: op_local_operator
-- input { 6 4 } output { 5 }

local def (//!) (a: i32) (b: i32) : i32 = (a + b) / 2

entry op_local_operator (a: i32) (b: i32) : i32 = a //! b

-- op_on_tuples: A user operator on tuples.
-- ==
-- entry: op_on_tuples
-- input { 1 2 3 4 } output { 4 6 }

def (+!+) (a: (i32, i32)) (b: (i32, i32)) : (i32, i32) = (a.0 + b.0, a.1 + b.1)

entry op_on_tuples (a: i32) (b: i32) (c: i32) (d: i32) : (i32, i32) = (a, b) +!+ (c, d)

-- op_pipe_prefix:
-- An operator starting with `|>` binds like `|>`: loosest of the symbolic operators.
-- ==
-- entry: op_pipe_prefix
-- input { 3 } output { 16 }

def (|>>) (x: i32) (f: i32 -> i32) : i32 = f x

entry op_pipe_prefix (x: i32) : i32 = x + 1 |>> (* 2) |>> (* 2)
