-- A polymorphic sum type (no test block).

type option 'a = #some a | #none

def get_or 'a (d: a) (o: option a) : a =
  match o
  case #some x -> x
  case #none -> d
