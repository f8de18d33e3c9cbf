# Writes PreludeSources.cpp: every prelude file as a (name, text) pair, in sorted order so
# the compiler binary is reproducible.
list(SORT FILES)
set(body "")
foreach(f ${FILES})
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  set(body "${body}  {\"${name}\", R\"FJORD_PRELUDE(${text})FJORD_PRELUDE\"},\n")
endforeach()
file(WRITE ${OUT} "// Generated from src/prelude/*.fut by Embed.cmake; do not edit.\n#include \"prelude/Prelude.h\"\n\nnamespace fjord::prelude {\nconst std::vector<SourceFile>& sources() {\n  static const std::vector<SourceFile> files = {\n${body}  };\n  return files;\n}\n} // namespace fjord::prelude\n")
