-- Integer literals never cover every value: a wildcard is needed.
-- ==
-- error: match_unmatched_literal.fut:5:29: error: unmatched cases in `match`: no case matches, for example, `_`

entry main (x: i32) : i32 = match x case 1 -> 10 case 2 -> 20
