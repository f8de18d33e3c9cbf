// Anonymous sizes in the parameters of named functions.
//
// In Futhark each `[]` in the type of a parameter of a named function is a fresh size
// parameter (the language reference, "Size Types": the type checker invents a fresh size
// parameter for each anonymous size). So `def f (xs: []i32) (ys: []i32) = map2 (+) xs ys` is
// a size mismatch, while `def f [n] (xs: [n]i32) (ys: [n]i32)` is not. The sizes are rigid
// inside the body; a use of the function instantiates them like explicit size parameters
// (CheckSizes.cpp). They have no name the program can use: they are not in scope as values.
// A `[]` in a return type is an existential size (CheckSizes.cpp); a `[]` under a function
// type in a parameter, in a lambda's parameter or in a `let` pattern is inferred.
#include "sema/Checker.h"

namespace fjord::sema {

Size Checker::freshAnonymousSize(const SourceSpan& span) {
  AnonymousSizeScope& scope = *anonymousSizes_;
  ++scope.count;
  // Spelled like the size parameters the compiled code gets for such dimensions.
  std::string name =
      scope.param + "_len" + (scope.count > 1 ? std::to_string(scope.count) : std::string());
  Binding b;
  b.kind = Binding::Kind::SizeParam;
  b.name = name;
  b.span = span;
  b.decl = scope.decl;
  int uid = static_cast<int>(out_.bindings.size());
  out_.bindings.push_back(std::move(b));
  Size s = Size::bound(name, uid);
  tv_.noteRigidSize(s, SizeOrigin{"the anonymous size `[]` of parameter `" + scope.param +
                                      "` of `" + scope.owner + "`",
                                  span});
  return s;
}

} // namespace fjord::sema
