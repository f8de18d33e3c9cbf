// Test helper shared by the sema_* and interp_* unit tests: parses the embedded prelude and
// a user program and type checks them (what the driver does, minus files on disk).
#include "prelude/Prelude.h"
#include "sema_test_util.h"
#include "sema/Check.h"
#include "syntax/Parse.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace fjord::sematest {

std::unique_ptr<Checked> checkSource(const std::string& text) {
  auto out = std::make_unique<Checked>();
  for (const prelude::SourceFile& f : prelude::sources()) {
    auto file = std::make_shared<SourceFile>(SourceFile{"prelude/" + f.name, f.text, ""});
    auto prog = parseProgram(file, out->diags);
    if (!prog)
      FAIL("prelude file " << f.name << " does not parse:\n" << out->diags.render());
    out->files.push_back(std::move(*prog));
  }
  auto file = std::make_shared<SourceFile>(SourceFile{"test.fut", text, ""});
  auto prog = parseProgram(file, out->diags);
  if (!prog)
    return out;
  out->files.push_back(std::move(*prog));
  out->program = sema::checkProgram(out->files, out->diags);
  return out;
}

} // namespace fjord::sematest

TEST_CASE("sema: the prelude type checks") {
  auto c = fjord::sematest::checkSource("");
  CHECK(c->diags.render() == "");
  CHECK(c->program.has_value());
}
