-- A parenthesis left open: the error is where the parser stopped (after the last token,
-- not at the end of the file), with a note at the parenthesis.
-- ==
-- error: 8:18: error: unexpected end of file, expected `\)`(.|\n)*7:12: note: to match this `\(`

entry main (x: f32) : f32 =
  f32.sqrt (x +
    (1 * (2 + x))

-- a comment after the mistake
