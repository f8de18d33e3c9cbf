-- An `entry` in an imported file is an ordinary function of the importer (no test block).

entry double (x: i32) : i32 = x * 2
