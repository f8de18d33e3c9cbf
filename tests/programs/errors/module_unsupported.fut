-- The module system is reported as not supported yet.
-- ==
-- error: error: the module system \(`module`\) is not supported yet

module M = { def x = 1 }
