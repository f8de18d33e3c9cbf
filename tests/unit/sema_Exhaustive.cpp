// `match` exhaustiveness (sema/CheckExhaustive.cpp): the example of an unmatched value, the
// error's location, and the warning for an unreachable case.
#include "sema_test_util.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace {

using fjord::sematest::checkSource;

/// The first line of every diagnostic, one per line (empty when the program checks cleanly).
std::string messages(const std::string& src) {
  auto c = checkSource(src);
  std::string out;
  for (const auto& d : c->diags.all()) {
    std::string r = d.render();
    out += r.substr(0, r.find('\n')) + "\n";
  }
  return out;
}

const std::string kUnmatched = "error: unmatched cases in `match`: no case matches, for example, ";

} // namespace

TEST_CASE("sema: a match missing a constructor names it, at the match") {
  CHECK(messages("type t = #a i32 | #b | #c bool\n"
                 "def f (x: t) : i32 = match x case #a y -> y case #c true -> 1") ==
        "test.fut:2:22: " + kUnmatched + "`#b`\n");
  // Every constructor appears, but `#c false` is not covered.
  CHECK(messages("type t = #a i32 | #b | #c bool\n"
                 "def f (x: t) : i32 = match x case #a y -> y case #b -> 0 case #c true -> 1") ==
        "test.fut:2:22: " + kUnmatched + "`#c false`\n");
}

TEST_CASE("sema: unmatched tuples, records, literals and nested payloads") {
  CHECK(messages("def f (a: bool) (b: bool) : i32 =\n"
                 "  match (a, b) case (true, _) -> 0 case (_, true) -> 1") ==
        "test.fut:2:3: " + kUnmatched + "`(false, false)`\n");
  CHECK(messages("def f (x: i32) : i32 = match x case 0 -> 1 case 1 -> 2") ==
        "test.fut:1:24: " + kUnmatched + "`_`\n");
  CHECK(messages("def f (r: {x: bool, y: i32}) : i32 = match r case {x = true, y} -> y") ==
        "test.fut:1:38: " + kUnmatched + "`{x = false, y = _}`\n");
  CHECK(messages("type o = #some (#l i32 | #r) | #none\n"
                 "def f (x: o) : i32 = match x case #some (#l v) -> v case #none -> 0") ==
        "test.fut:2:22: " + kUnmatched + "`#some #r`\n");
  CHECK(messages("type o = #p bool bool | #n\n"
                 "def f (x: o) : i32 = match x case #p true _ -> 0 case #n -> 1") ==
        "test.fut:2:22: " + kUnmatched + "`#p false _`\n");
}

TEST_CASE("sema: exhaustive matches check cleanly") {
  CHECK(messages("def f (x: (bool, bool)) : i32 =\n"
                 "  match x case (true, true) -> 0 case (false, _) -> 1 case (_, false) -> 2") ==
        "");
  CHECK(messages("def f (x: #a | #b) (y: i32) : i32 =\n"
                 "  match (x, y) case (#a, 0) -> 0 case (#b, _) -> 1 case (_, n) -> n") == "");
  CHECK(messages("def f (x: i32) : i32 = match x case n -> n") == "");
}

TEST_CASE("sema: an unreachable case is a warning at its pattern") {
  auto c = checkSource("def f (x: bool) : i32 =\n"
                       "  match x case true -> 0 case false -> 1 case _ -> 2");
  REQUIRE(c->diags.all().size() == 1);
  CHECK(c->diags.all()[0].severity == fjord::Severity::Warning);
  CHECK(c->diags.all()[0].render().rfind(
            "test.fut:2:47: warning: unreachable case: the cases before it match every value "
            "this one matches", 0) == 0);
  CHECK(c->program.has_value());
  CHECK(messages("def f (x: (i32, bool)) : i32 =\n"
                 "  match x case (_, true) -> 0 case (1, true) -> 1 case _ -> 2") ==
        "test.fut:2:36: warning: unreachable case: the cases before it match every value "
        "this one matches\n");
}
