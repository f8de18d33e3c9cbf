-- A polymorphic higher-order function over pairs.
-- ==
-- input { 3 } output { 1.5f32 2.0f32 }

def map_pair 'a 'b (f: a -> b) (p: (a, a)) : (b, b) = (f p.0, f p.1)

entry main (x: i32) : (f32, f32) = map_pair (\y -> f32.i32 y * 0.5) (x, x + 1)
