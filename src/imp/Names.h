// Readable, deterministic C identifiers for generated code (private to imp/).
//
// Variables take their source names (`x`, `acc`) made unique within their function or
// kernel (`x`, `x_1`, ...); VName tags never appear. Kernels are named after the entry point
// and the statement's Provenance (`scale_map`, `sum_reduce`), with an ordinal only when a
// function has several kernels of the same base name (`sum_reduce_1`). Nothing depends on
// line numbers or on program-global counters, so an edit inside one function renames
// nothing outside it.
#pragma once
#include <map>
#include <set>
#include <string>
#include <string_view>

namespace fjord::imp::detail {

/// `text` as a valid C/CUDA/OpenCL identifier: other characters become `_`, a leading digit
/// gets a `v` prefix, keywords and reserved spellings get a `_` suffix; never empty.
std::string sanitizeIdent(std::string_view text);

/// `text` with other characters as `_`, no leading underscores and a `v` before a leading
/// digit; never empty. Keywords are left alone: for names that always follow a prefix
/// (`entry_<name>`, `<prefix>_entry_<name>`).
std::string identChars(std::string_view text);

/// Whether `word` is a keyword, alternative operator spelling (`not`, `and`), builtin type
/// or function of C, C++, CUDA or OpenCL C, or a name the printers use (ReservedNames.cpp).
bool isReservedName(std::string_view word);

/// Hands out identifiers unique within one scope (a host function or a kernel).
class NameScope {
public:
  /// The sanitized `base` if unused, else `base_1`, `base_2`, ...
  std::string fresh(std::string_view base);
  /// Marks `name` as used (e.g. a parameter named by the caller).
  void reserve(const std::string& name) { used_.insert(name); }
  bool used(const std::string& name) const { return used_.count(name) != 0; }

private:
  std::set<std::string> used_;
  std::map<std::string, int> next_;
};

/// The base name of a kernel: `<function>_<what>` plus `_<kind>` ("map", "reduce", "scan",
/// "hist", "copy", ...) unless `what` already names it; `what` may be empty.
std::string kernelBaseName(const std::string& function, const std::string& what,
                           const std::string& kind);

} // namespace fjord::imp::detail
