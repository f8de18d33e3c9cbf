-- One polymorphic function used at several types.
-- ==
-- input { 5 true 1.5f32 } output { 5 true 1.5f32 }

def id 'a (x: a) : a = x

entry main (x: i32) (b: bool) (f: f32) : (i32, bool, f32) = (id x, id b, id f)
