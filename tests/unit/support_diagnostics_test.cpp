// How diagnostics show their source line (whole for ordinary lines, as a window around the
// caret for very long ones) and their colours; the warning policy, follow-on errors and
// "did you mean" suggestions.
#include "support/DiagnosticOptions.h"
#include "support/Diagnostics.h"
#include "support/Suggest.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

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

TEST_CASE("support: --color paints severities, locations, quotes and the caret as GCC does") {
  auto file = std::make_shared<SourceFile>(SourceFile{"c.fut", "let x = y", ""});
  Diagnostic d{Severity::Error, SourceSpan{file, 1, 9, 1, 10}, "unknown name `y`", {}};
  d.note(SourceSpan{file, 1, 5, 1, 6}, "bound here");
  CHECK(renderDiagnostic(d, /*color=*/true) ==
        "\033[1mc.fut:1:9:\033[0m \033[1;31merror:\033[0m unknown name \033[1m`y`\033[0m\n"
        "    let x = y\n"
        "    \033[1;32m        ^\033[0m\n"
        "\033[1mc.fut:1:5:\033[0m \033[1;36mnote:\033[0m bound here\n"
        "    let x = y\n"
        "    \033[1;32m    ^\033[0m\n");
  Diagnostic w{Severity::Warning, {}, "unused", {}};
  CHECK(renderDiagnostic(w, true) == "\033[1mfjord:\033[0m \033[1;35mwarning:\033[0m unused\n");
  // Without colour, exactly what Diagnostic::render() writes.
  CHECK(renderDiagnostic(d, false) == d.render());
}

TEST_CASE("support: -w drops warnings, -Werror makes them errors") {
  auto collect = [] {
    auto e = std::make_unique<DiagnosticEngine>();
    e->warning({}, "first").note({}, "why");
    e->error({}, "second");
    return e;
  };
  auto ignored = collect();
  applyWarningPolicy(*ignored, WarningPolicy::Ignore);
  REQUIRE(ignored->all().size() == 1);
  CHECK(ignored->all()[0].message == "second");
  auto strict = collect();
  applyWarningPolicy(*strict, WarningPolicy::AsError);
  REQUIRE(strict->all().size() == 2);
  CHECK(strict->all()[0].severity == Severity::Error);
  CHECK(strict->all()[0].message == "first [-Werror]");
  CHECK(strict->all()[0].notes.size() == 1);
  auto reported = collect();
  applyWarningPolicy(*reported, WarningPolicy::Report);
  CHECK(reported->all()[0].severity == Severity::Warning);
  DiagnosticEngine onlyWarning;
  onlyWarning.warning({}, "w");
  applyWarningPolicy(onlyWarning, WarningPolicy::AsError);
  CHECK(onlyWarning.hasErrors());
}

TEST_CASE("support: errors whose span overlaps an earlier one's are dropped as follow-on") {
  auto file = std::make_shared<SourceFile>(SourceFile{"f.fut", "map (\\x -> x + k) xs", ""});
  auto at = [&](int col, int endCol) { return SourceSpan{file, 1, col, 1, endCol}; };
  DiagnosticEngine diags;
  diags.error(at(1, 2), "before the mark");
  diags.error(at(1, 22), "kept: before the mark, never compared");
  diags.error(at(16, 17), "the first mistake");    // `k`
  diags.error(at(1, 22), "around it");             // the whole call: follow-on
  diags.warning(at(16, 17), "a warning stays");
  diags.error(at(19, 21), "disjoint: stays");      // `xs`
  diags.error(at(20, 20), "empty span inside `xs`"); // follow-on of the one above
  dropOverlappingErrors(diags, 2);
  std::vector<std::string> left;
  for (const Diagnostic& d : diags.all())
    left.push_back(d.message);
  CHECK(left == std::vector<std::string>{"before the mark", "kept: before the mark, never compared",
                                         "the first mistake", "a warning stays", "disjoint: stays"});
}

TEST_CASE("support: suggestions are the closest name within a third of the length") {
  CHECK(editDistance("sqrt", "sqrt") == 0);
  CHECK(editDistance("sqr", "sqrt") == 1);
  CHECK(editDistance("alpah", "alpha") == 1); // a swap of neighbours is one edit
  CHECK(editDistance("kitten", "sitting") == 3);
  CHECK(closestName("sqr", {"map", "sqrt", "sqrt2"}) == std::optional<std::string>("sqrt"));
  CHECK(closestName("mpa", {"map"}) == std::optional<std::string>("map"));
  CHECK_FALSE(closestName("xs", {"ys_len", "foo"})); // 2 letters: one edit at most, none fits
  CHECK_FALSE(closestName("xs", {"xs"}));             // the name itself is no suggestion
  CHECK_FALSE(closestName("y", {"x"}));               // one character: no guess
  CHECK_FALSE(closestName("acc", {"__acc"}));         // nor one of the compiler's own
  CHECK(closestName("count", {"counts", "count_"}) == std::optional<std::string>("counts"));
  CHECK(closestName("mapp", {"map5", "map", "map2"}) == std::optional<std::string>("map"));
  CHECK(didYouMean("lenght", {"length"}) == "; did you mean `length`?");
  CHECK(didYouMean("abcdef", {"uvwxyz"}) == "");
}
