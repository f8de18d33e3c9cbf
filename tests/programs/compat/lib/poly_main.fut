-- Imported by ../for.fut. Its `main` is polymorphic, which an entry point cannot be: only the
-- compiled file's `main` is an entry point, so importing this is fine.

def main 't (x: t) : (t, t) = (x, x)

def twice (x: i32) : i32 = 2 * x
