-- Integer 2D vectors: a type abbreviation, functions, an operator and a local helper.
-- A helper for the tests in ../ (no test block).

type vec2 = {x: i32, y: i32}

local def sq (a: i32) : i32 = a * a

def vadd (a: vec2) (b: vec2) : vec2 = {x = a.x + b.x, y = a.y + b.y}
def vdot (a: vec2) (b: vec2) : i32 = a.x * b.x + a.y * b.y
def norm2 (a: vec2) : i32 = sq a.x + sq a.y
def (<+>) (a: vec2) (b: vec2) : vec2 = vadd a b
