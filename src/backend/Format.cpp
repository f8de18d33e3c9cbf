// libFormat glue (see Format.h). One of the two files of the backend that include Clang.
#include "backend/Format.h"

#include <clang/Format/Format.h>
#include <clang/Tooling/Core/Replacement.h>
#include <llvm/Support/Error.h>

#include <stdexcept>

namespace fjord::backend {

// FJORD_ENTRY_API's arguments hold declarations that libFormat would read as products
// (`int32_t * out0`): the printer lays them out itself (PrintHostCommon.cpp).
const char* const kGeneratedStyle = "{BasedOnStyle: LLVM, IndentWidth: 4, ColumnLimit: 100, "
                                    "WhitespaceSensitiveMacros: [FJORD_ENTRY_API]}";

std::string formatCode(const std::string& code, const std::string& fileName) {
  // The style is explicit: "file" would pick up a .clang-format from the working directory.
  llvm::Expected<clang::format::FormatStyle> style =
      clang::format::getStyle(kGeneratedStyle, fileName + ".cpp", "LLVM", code);
  if (!style)
    throw std::runtime_error("libFormat: " + llvm::toString(style.takeError()));
  clang::tooling::Replacements replacements = clang::format::reformat(
      *style, code, {clang::tooling::Range(0, static_cast<unsigned>(code.size()))}, fileName);
  llvm::Expected<std::string> formatted =
      clang::tooling::applyAllReplacements(code, replacements);
  if (!formatted)
    throw std::runtime_error("libFormat: " + llvm::toString(formatted.takeError()));
  return *formatted;
}

} // namespace fjord::backend
