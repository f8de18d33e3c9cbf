-- `input @ file` with values in the text data format.
-- ==
-- input @ data/text_input.in output { 6.0f32 }

entry main (xs: []f32) : f32 = reduce (+) 0 xs
