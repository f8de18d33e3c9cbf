// The front end for unit tests (defined in sema_Frontend.cpp): the embedded prelude and one
// user program `test.fut`, parsed and type checked as the driver does, minus files on disk.
#pragma once
#include "sema/Check.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord::sematest {

struct Checked {
  std::vector<ast::Program> files;
  std::optional<sema::CheckedProgram> program;
  DiagnosticEngine diags;
};

/// `text` checked after the prelude; `program` is empty when parsing or checking failed.
std::unique_ptr<Checked> checkSource(const std::string& text);

/// The type of the user's top-level definition `name` (the diagnostics when it fails).
inline std::string declType(const std::string& src, const std::string& name) {
  auto c = checkSource(src);
  if (!c->program)
    return c->diags.render();
  for (const auto& d : c->files.back().decls)
    if (d->name.base == name)
      return d->type->str();
  return "?";
}

} // namespace fjord::sematest
