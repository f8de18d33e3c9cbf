# Writes OUT, a C++ file defining `const std::vector<ELEM>& NAMESPACE::FUNCTION()` (declared
# in HEADER) that returns every file of FILES as a {name, text} pair, sorted by name so that
# the compiler binary is reproducible. Run as `cmake -P` with OUT, FILES, HEADER, NAMESPACE,
# FUNCTION, ELEM and FROM (what the files are, for the banner) set.
list(SORT FILES)
set(body "")
foreach(f ${FILES})
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  string(FIND "${text}" ")FJORD_EMBED\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} contains the raw-string delimiter )FJORD_EMBED\"")
  endif()
  set(body "${body}      {\"${name}\", R\"FJORD_EMBED(${text})FJORD_EMBED\"},\n")
endforeach()
file(WRITE ${OUT} "// Generated from ${FROM} by cmake/EmbedFiles.cmake; do not edit.
#include \"${HEADER}\"

namespace ${NAMESPACE} {
const std::vector<${ELEM}>& ${FUNCTION}() {
  static const std::vector<${ELEM}> files = {
${body}  };
  return files;
}
} // namespace ${NAMESPACE}
")
