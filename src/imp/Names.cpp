// Identifier sanitizing and uniquing for generated code (see Names.h).
#include "imp/Names.h"

#include <cctype>

namespace fjord::imp::detail {

std::string identChars(std::string_view text) {
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
  return out;
}

std::string sanitizeIdent(std::string_view text) {
  std::string out = identChars(text);
  if (isReservedName(out) || out.rfind("fjord", 0) == 0)
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
  // The pieces may be keywords (`dot`, `length`); only the whole name must not be.
  std::string w = what.empty() ? std::string() : identChars(what);
  std::string name = identChars(function);
  if (!w.empty())
    name += "_" + w;
  bool namesKind = w == kind || (w.size() > kind.size() &&
                                 w.compare(w.size() - kind.size() - 1, std::string::npos,
                                           "_" + kind) == 0);
  if (!namesKind)
    name += "_" + kind;
  return sanitizeIdent(name);
}

} // namespace fjord::imp::detail
