-- A type parameter shadows an abbreviation of the same name.
-- ==
-- input { 1.5f32 } output { 1.5f32 }

type t = i32
type box 't = {v: t}

entry main (x: f32) : f32 = ({v = x} : box f32).v
