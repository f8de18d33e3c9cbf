-- decls: poly_identity, poly_let_generalised, poly_lifted_param, poly_map_pair,
-- poly_record, poly_size_and_type, poly_size_lifted_param. One entry point and test
-- block per program, so that each backend builds this file once (docs/testing.md).

-- poly_identity: One polymorphic function used at several types.
-- ==
-- entry: poly_identity
-- input { 5 true 1.5f32 } output { 5 true 1.5f32 }

def id 'a (x: a) : a = x

entry poly_identity (x: i32) (b: bool) (f: f32) : (i32, bool, f32) = (id x, id b, id f)

-- poly_let_generalised: A local function without annotations is used at two types.
-- ==
-- entry: poly_let_generalised
-- input { 2 1.5 } output { 4 3.0 }

entry poly_let_generalised (x: i32) (y: f64) : (i32, f64) =
  let dup v = (v, v)
  let (a, b) = dup x
  let (c, d) = dup y
  in (a + b, c + d)

-- poly_lifted_param: A lifted type parameter may be instantiated with a function type.
-- ==
-- entry: poly_lifted_param
-- input { 5 } output { 6 }

def unbox '^a (r: {val: a}) : a = r.val

entry poly_lifted_param (x: i32) : i32 = (unbox {val = \(y: i32) -> y + 1}) x

-- poly_map_pair: A polymorphic higher-order function over pairs.
-- ==
-- entry: poly_map_pair
-- input { 3 } output { 1.5f32 2.0f32 }

def map_pair 'a 'b (f: a -> b) (p: (a, a)) : (b, b) = (f p.0, f p.1)

entry poly_map_pair (x: i32) : (f32, f32) = map_pair (\y -> f32.i32 y * 0.5) (x, x + 1)

-- poly_record: A polymorphic function over records.
-- ==
-- entry: poly_record
-- input { 4 true } output { 4 true }

def get_x 'a (r: {x: a, y: a}) : a = r.x

entry poly_record (a: i32) (b: bool) : (i32, bool) = (get_x {x = a, y = a + 1}, get_x {x = b, y = !b})

-- poly_size_and_type: Size and type parameters together.
-- ==
-- entry: poly_size_and_type
-- input { [1, 2, 3] [4, 5, 6] } output { [4, 10, 18] }

def pairwise [n] 'a 'b (f: a -> a -> b) (xs: [n]a) (ys: [n]a) : [n]b = map2 f xs ys

entry poly_size_and_type [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = pairwise (\x y -> x * y) xs ys

-- poly_size_lifted_param: A size-lifted type parameter `'~a`.
-- ==
-- entry: poly_size_lifted_param
-- input { [1, 2, 3] } output { [1, 2, 3] }

def keep '~a (x: a) : a = x

entry poly_size_lifted_param (xs: []i32) : []i32 = keep xs
