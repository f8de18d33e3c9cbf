// How diagnostics show their source line: whole for ordinary lines, as a window around the
// caret for very long ones.
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <memory>

using namespace fjord;

namespace {

std::string rendered(const std::string& text, int col, int endCol) {
  auto file = std::make_shared<SourceFile>(SourceFile{"long.fut", text, ""});
  DiagnosticEngine diags;
  diags.error(SourceSpan{file, 1, col, 1, endCol}, "bad");
  return diags.render();
}

} // namespace

TEST_CASE("support: a short source line is shown whole with the caret under the span") {
  CHECK(rendered("let x = y + z", 9, 10) ==
        "long.fut:1:9: error: bad\n    let x = y + z\n            ^\n");
}

TEST_CASE("support: a very long source line is shown as a window around the caret") {
  std::string line = std::string(5000, 'a') + "BAD" + std::string(5000, 'b');
  std::string out = rendered(line, 5001, 5004);
  CHECK(out.size() < 500);
  std::string shown = "    ..." + std::string(60, 'a') + "BAD" + std::string(97, 'b') + "...\n";
  CHECK(out.find(shown) != std::string::npos);
  CHECK(out.find("\n    " + std::string(3 + 60, ' ') + "^~~\n") != std::string::npos);
}
