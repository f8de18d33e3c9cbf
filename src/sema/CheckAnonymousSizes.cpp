// Anonymous sizes in the parameters of named functions.
//
// In Futhark a `[]` in the type of a parameter of a named function is a size the type
// checker infers, like the type of a parameter without an annotation: it may equal another
// parameter's size, so `def f (xs: []i32) (ys: []i32) = map2 (+) xs ys` checks, with
// `xs` and `ys` of one size, as if written `def f [n] (xs: [n]i32) (ys: [n]i32)`. So each
// `[]` there is a fresh flexible size variable (shown as `xs_len`, the name the compiled
// code gives such a size). What the body may not do is give it a size that only exists
// inside the body (a `let [m]`, the size of a `filter` result): the caller could not know
// it (Checker::checkParamSizesInScope reports that). A size nothing binds stays a size of
// its own. A `[]` in a return type is an existential size (CheckSizes.cpp); a `[]` under a
// function type in a parameter, in a lambda's parameter or in a `let` pattern is unknown.
#include "sema/Checker.h"

namespace fjord::sema {

Size Checker::freshAnonymousSize(const SourceSpan& span) {
  AnonymousSizeScope& scope = *anonymousSizes_;
  ++scope.count;
  // Spelled like the size parameters the compiled code gets for such dimensions.
  std::string name =
      scope.param + "_len" + (scope.count > 1 ? std::to_string(scope.count) : std::string());
  (void)span;
  return tv_.freshSize(name);
}

} // namespace fjord::sema
