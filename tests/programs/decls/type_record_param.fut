-- A polymorphic record abbreviation and record update.
-- ==
-- input { 2.5f32 } output { 7 2.5f32 }

type labelled 'a = {label: i32, value: a}

def relabel 'a (l: i32) (x: labelled a) : labelled a = x with label = l

entry main (x: f32) : (i32, f32) =
  let r = relabel 7 {label = 1, value = x}
  in (r.label, r.value)
