# The tuning header of tests/programs/versions/nests.fut: each threshold as an overridable
# macro with its default (2^15 outer, 32 intra), in the run-time name table, and in the tree of which
# threshold is compared under which (Note [Thresholds] in src/ir/IR.h).
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${FJORD} cuda ${PROGRAM} -o ${WORK} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fjord cuda ${PROGRAM} failed:\n${err}")
endif()
file(READ ${WORK}/nests_tuning.h header)
file(READ ${WORK}/nests.cu code)
set(expected
  "#define FJORD_NESTS_SCALE_BY_SUM_SUFF_OUTER_PAR_0 32768\n"
  "#define FJORD_NESTS_SCALE_BY_SUM_SUFF_INTRA_PAR_0 32\n"
  "{\"nested.suff_outer_par_1\", &nests_tuning::"
  "//   scale_by_sum.suff_outer_par_0 (always compared)\n"
  "//   nested.suff_outer_par_0 (always compared)\n"
  "//   scale_by_sum.suff_intra_par_0 when scale_by_sum.suff_outer_par_0 failed\n"
  "//   nested.suff_outer_par_1 when nested.suff_outer_par_0 failed\n"
  "//   nested.suff_intra_par_0 when nested.suff_outer_par_0 failed, nested.suff_outer_par_1 failed\n")
foreach(text ${expected})
  string(FIND "${header}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "nests_tuning.h lacks `${text}`:\n${header}")
  endif()
endforeach()
# The host code chooses with a plain `if` on the comparison, and each version's kernel
# says which version it is and which threshold selects it.
foreach(text
    "bool suff_outer_par = fjord_rt::compareSize(ctx->logging, \"scale_by_sum.suff_outer_par_0\","
    "ctx->tuning.scale_by_sum_suff_outer_par_0, n);"
    "if (suff_outer_par) {"
    "// version A: outer parallelism only, the inner parallelism runs sequentially in each thread,\n// chosen when scale_by_sum.suff_outer_par_0 <= the outer parallelism\n"
    "// version B: intra-group, one block per outer point running the inner parallelism in shared memory,\n// chosen when scale_by_sum.suff_intra_par_0 <= the inner parallelism\n// and its block fits the device (and version A is not)\n"
    "// version C: the inner parallelism flattened into kernels of its own,\n// chosen when the inner parallelism < scale_by_sum.suff_intra_par_0\n// or version B's block does not fit the device (and version A is not)"
    # Version B's guard: its block and shared memory, sized on the host from the row's
    # length, against the limits the context queried from its device (Note [Device limits]).
    "= ctx->device.limits().max_block_size;"
    "= ctx->device.limits().max_shared_memory;"
    "FJORD_TRY(ctx->device.launch(scale_by_sum_intra_map, \"scale_by_sum_intra_map\","
    "static __global__ void __launch_bounds__(1024)\n    scale_by_sum_intra_map("
    "scale_by_sum_outer_map("
    "scale_by_sum_intra_map(")
  string(FIND "${code}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "nests.cu lacks `${text}`")
  endif()
endforeach()
