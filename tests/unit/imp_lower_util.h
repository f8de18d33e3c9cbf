// Shared by the Imp lowering tests: a Futhark program lowered to the imperative IR, and a
// count of one kind of statement in a block.
#pragma once

#include "driver/Pipeline.h"
#include "imp/LowerToImp.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <string>

namespace fjord::testutil {

inline imp::Program lowerSource(const std::string& text) {
  DiagnosticEngine diags;
  auto checked = driver::loadProgramText("prog.fut", text, diags);
  REQUIRE_MESSAGE(checked, diags.render());
  auto prog = driver::irAtStage(*checked, "mem", diags);
  REQUIRE_MESSAGE(prog, diags.render());
  imp::Program p = imp::lowerToImp(*prog, "prog.fut", diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), diags.render());
  return p;
}

/// Statements of `kind` in `b`, nested blocks included.
inline int countStms(const imp::Block& b, imp::Stm::Kind kind) {
  int n = 0;
  for (const imp::Stm& s : b) {
    n += s.kind == kind;
    n += countStms(s.body, kind) + countStms(s.elseBody, kind);
  }
  return n;
}

} // namespace fjord::testutil
