-- Tags for backends Fjord lacks change nothing; `notest` and `no_<backend>` cases are
-- skipped (they would fail), named cases and benchmark-only words are accepted.
-- ==
-- tags { no_python no_wasm no_ispc no_multicore no_hip some_label }
-- "small" input { 3 } output { 9 }
-- nobench input { 4 } output { 16 }
-- notest input { 5 } output { 0 }
-- compiled no_opencl no_cuda input { 6 } output { 0 }
-- no_interp no_opencl no_cuda input { 7 } output { 0 }
-- no_interp input { 8 } output { 64 }

entry main (x: i32) : i32 = x * x
