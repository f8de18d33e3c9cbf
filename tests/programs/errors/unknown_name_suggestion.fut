-- A misspelt name: the closest name in scope is suggested.
-- ==
-- error: 6:24: error: unknown name `f32.sqr`; did you mean `f32.sqrt`\?(.|\n)*6:33: error: unknown name `totl`; did you mean `total`\?

entry main (x: f32) : f32 =
  let total = x * x in f32.sqr (totl + 1)
