// Unit tests that state IR as text: parse it (it must parse and verify), run a pass, verify.
#pragma once
#include "ir/Parse.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <string>

namespace fjord::testir {

/// The program in `text`, which must parse and verify at `stage`.
inline ir::Prog parseVerified(const std::string& text, ir::Stage stage = ir::Stage::Core) {
  DiagnosticEngine diags;
  auto p = ir::parseProg(text, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  ir::verify(*p, stage);
  return std::move(*p);
}

/// The core program in `text` after `pass` (Prog -> Prog); the result must verify.
template <class Pass>
ir::Prog afterCorePass(const std::string& text, Pass pass) {
  ir::Prog out = pass(parseVerified(text));
  ir::verify(out, ir::Stage::Core);
  return out;
}

} // namespace fjord::testir
