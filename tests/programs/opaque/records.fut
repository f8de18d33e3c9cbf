-- Entry points taking and returning records and tuples (opaque values in the C API). The
-- data format has no records: an opaque argument is given as its leaves (fields in name
-- order) and an opaque result is printed as its leaves, on every backend alike.
-- ==
-- input { 3f32 4f32 } output { 5f32 }

type point = {x: f32, y: f32}

entry main (p: point) : f32 = f32.sqrt (p.x * p.x + p.y * p.y)

-- ==
-- entry: mirror
-- input { 1f32 2f32 } output { 2f32 1f32 }

entry mirror (p: point) : point = {x = p.y, y = p.x}

-- ==
-- entry: scale_cloud
-- input { [1f32, 2f32, 3f32] 2f32 } output { [2f32, 4f32, 6f32] 3f32 }
-- input { empty([0]f32) 5f32 } output { empty([0]f32) 6f32 }

type cloud [n] = {pts: [n]f32, weight: f32}

entry scale_cloud (c: cloud []) : cloud [] =
  {pts = map (* c.weight) c.pts, weight = c.weight + 1}

-- ==
-- entry: segment
-- input { 0f32 0f32 3f32 4f32 } output { 5f32 -3f32 4f32 }

type segment = {a: point, b: point}

entry segment (s: segment) : (f32, point) =
  let d = {x = s.a.x - s.b.x, y = s.b.y - s.a.y}
  in (f32.sqrt (d.x * d.x + d.y * d.y), d)

-- ==
-- entry: tuple_arg
-- input { 2 0.5f32 } output { 2.5f32 2 }

entry tuple_arg (p: (i32, f32)) : (f32, i32) = (f32.i32 p.0 + p.1, p.0)
