-- A package futhark.pkg requires but lib/ lacks is a located error naming it.
-- ==
-- error: futhark.pkg:2:3: error: required package `github.com/fjord-tests/absent` is missing

entry main (x: i32) = x
