-- Bit casts of f16 are not supported yet: the interpreter reports it at run time (the
-- compiled backends reject the program when they internalise it).
-- ==
-- input { 1f16 } error: bit casts of f16 are not supported yet
-- tags { no_opencl no_cuda }

entry main (x: f16) : u16 = f16.to_bits x
