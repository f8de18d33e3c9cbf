-- Generic numeric definitions behind the numeric namespaces: `i32.sum`, `f64.maximum`, ...
-- resolve to these, instantiated at the namespace's type (see sema/Builtins.cpp). Their
-- type parameter is always a numeric type, so the checker lets it take literals and
-- arithmetic operators here.

def __num_sum 't (xs: []t) : t = __reduce (+) 0 xs

def __num_product 't (xs: []t) : t = __reduce (*) 1 xs

def __num_maximum 't (xs: []t) : t = __reduce __max __lowest xs

def __num_minimum 't (xs: []t) : t = __reduce __min __highest xs
