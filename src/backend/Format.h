// Formats generated code in-process with Clang's libFormat (LLVM 15) and Fjord's checked-in
// style, so output is identical on every machine whatever clang-format is installed.
#pragma once
#include <string>

namespace fjord::backend {

/// The style every generated file uses (a .clang-format document).
extern const char* const kGeneratedStyle;

/// `code` formatted as C++ (also used for CUDA and OpenCL C); `fileName` only names it in
/// errors. Throws std::runtime_error if libFormat fails.
std::string formatCode(const std::string& code, const std::string& fileName);

} // namespace fjord::backend
