-- A file with a syntax error (no test block): its importer reports it.

def f (x: i32) : i32 = x +
