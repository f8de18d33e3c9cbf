// Identifier sanitizing and uniquing for generated code (see Names.h).
#include "imp/Names.h"

#include <array>
#include <cctype>

namespace fjord::imp::detail {

namespace {

/// Words that cannot be variable names in C, C++ (CUDA host and device code) or OpenCL C,
/// plus names the runtime headers and printers use.
bool isReserved(std::string_view s) {
  static const std::set<std::string_view> words = {
      "auto", "bool", "break", "case", "char", "class", "const", "constant", "continue",
      "default", "delete", "do", "double", "else", "enum", "extern", "false", "float", "for",
      "global", "goto", "half", "if", "inline", "int", "kernel", "local", "long", "new",
      "private", "register", "restrict", "return", "short", "signed", "sizeof", "static",
      "struct", "switch", "template", "this", "true", "typedef", "union", "unsigned", "void",
      "volatile", "while", "namespace", "operator", "virtual", "public", "protected", "using",
      "typename", "uchar", "ushort", "uint", "ulong", "size_t", "ctx", "min", "max",
      "abs", "exp", "log", "sqrt", "pow", "sin", "cos", "tan", "floor", "ceil", "round", "fabs",
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
      "uint64_t", "NULL", "nullptr", "errno", "assert", "signbit"};
  return words.count(s) != 0;
}

} // namespace

std::string sanitizeIdent(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    out += std::isalnum(u) || c == '_' ? c : '_';
  }
  // Identifiers starting with `__` or `_X` are reserved in C: strip leading underscores.
  while (!out.empty() && out[0] == '_')
    out.erase(0, 1);
  if (out.empty())
    return "v";
  if (std::isdigit(static_cast<unsigned char>(out[0])))
    out = "v" + out;
  if (isReserved(out) || out.rfind("fjord", 0) == 0)
    out += '_';
  return out;
}

std::string NameScope::fresh(std::string_view base) {
  std::string b = sanitizeIdent(base);
  if (used_.insert(b).second)
    return b;
  int& n = next_[b];
  for (;;) {
    std::string cand = b + "_" + std::to_string(++n);
    if (used_.insert(cand).second)
      return cand;
  }
}

std::string kernelBaseName(const std::string& function, const std::string& what,
                           const std::string& kind) {
  std::string w = what.empty() ? std::string() : sanitizeIdent(what);
  std::string name = sanitizeIdent(function);
  if (!w.empty())
    name += "_" + w;
  bool namesKind = w == kind || (w.size() > kind.size() &&
                                 w.compare(w.size() - kind.size() - 1, std::string::npos,
                                           "_" + kind) == 0);
  if (!namesKind)
    name += "_" + kind;
  return name;
}

} // namespace fjord::imp::detail
