// Unit tests of mem/ on IR text: core IR through kernel extraction and memory introduction.
#pragma once
#include "gpu/ExtractKernels.h"
#include "ir/Verify.h"
#include "ir_text_util.h"
#include "mem/IntroduceMemory.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

namespace fjord::testir {

/// The core program in `text` after kernel extraction and memory introduction, both of
/// which must succeed and verify.
inline ir::Prog toMem(const std::string& text) {
  DiagnosticEngine diags;
  ir::Prog g = gpu::extractKernels(parseVerified(text), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(g, ir::Stage::Gpu);
  ir::Prog m = mem::introduceMemory(std::move(g), diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), diags.render());
  ir::verify(m, ir::Stage::Mem);
  return m;
}

} // namespace fjord::testir
