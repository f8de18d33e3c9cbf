# Writes RuntimeFiles.cpp: every runtime header (runtime/*.h) as a (name, text) pair, in
# sorted order so that the compiler binary is reproducible. Run as `cmake -P` with OUT and
# FILES set.
list(SORT FILES)
set(body "")
foreach(f ${FILES})
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  set(body "${body}      {\"${name}\", R\"FJORD_RUNTIME(${text})FJORD_RUNTIME\"},\n")
endforeach()
file(WRITE ${OUT} "// Generated from runtime/*.h by src/backend/EmbedRuntime.cmake; do not edit.
#include \"backend/RuntimeFiles.h\"

#include <map>
#include <stdexcept>

namespace fjord::backend {
const std::string& runtimeFile(const std::string& name) {
  static const std::map<std::string, std::string> files = {
${body}  };
  auto it = files.find(name);
  if (it == files.end())
    throw std::logic_error(\"backend: no runtime file \" + name);
  return it->second;
}
} // namespace fjord::backend
")
