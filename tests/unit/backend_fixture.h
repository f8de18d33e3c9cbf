// A small imp::Program shared by the backend tests: the input of the golden test
// tests/passes/backend/scale.imp, read as imp text (imp/Parse.h). `scale(xs, a) = map (*a)
// xs` is one SegMap-like kernel `scale_map` (with a dead declaration the printer must drop);
// `first(xs) = xs[0]` is a bounds check and a scalar read-back.
#pragma once
#include "imp/Parse.h"
#include "imp/Verify.h"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace fjord::backend::test {

inline imp::Program scaleProgram(const std::string& sourcePath = "tests/scale.fut") {
  std::ifstream in(std::string(FJORD_SOURCE_DIR) + "/tests/passes/backend/scale.imp");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  size_t start = text.find("== input imp\n"), end = text.find("\n== output");
  REQUIRE((start != std::string::npos && end != std::string::npos));
  start += std::string("== input imp\n").size();
  DiagnosticEngine diags;
  auto prog = imp::parseProgram(text.substr(start, end + 1 - start), diags, "scale.imp");
  REQUIRE_MESSAGE(prog.has_value(), diags.render());
  imp::verify(*prog);
  prog->sourcePath = sourcePath;
  return std::move(*prog);
}

} // namespace fjord::backend::test
