-- A module type that is not defined is a located error.
-- ==
-- error: 5:12: error: unknown module type `missing`

module M : missing = { def x = 1 }
