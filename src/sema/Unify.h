// Type variables and unification for the checker (private to sema/).
//
// Inference variables are Type::Var types named `?N`; their bindings live here, not in the
// (immutable) types. Names without `?` are rigid type parameters (`'a` is named `a`).
// A variable may carry a Constraint: a set of allowed primitive types (numeric literals,
// overloaded operators; with a default for literals) and/or fields it must have (`r.x` on a
// type not yet known). Levels implement let-generalisation (Note [Levels] in Unify.cpp).
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Type.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::sema {

constexpr uint32_t primBit(PrimType p) { return 1u << static_cast<unsigned>(p); }
uint32_t integerMask();
uint32_t floatMask();
uint32_t numericMask();
/// "a numeric type", "an integer type", "one of i32, f32", ...
std::string describeMask(uint32_t mask);

/// What an inference variable may become.
struct Constraint {
  uint32_t prims = 0;                  ///< allowed primitive types; 0 = no restriction
  std::optional<PrimType> defaultPrim; ///< numeric literals: i32 or f64
  std::map<std::string, TypeRef> fields; ///< a record or tuple with at least these fields
  std::string origin;                  ///< "integer literal", "operator `+`", ...
  SourceSpan span;                     ///< where the constraint arose
  /// a sum type with at least these constructors (with these payloads); defaults to the sum
  /// of exactly these constructors
  std::map<std::string, std::vector<TypeRef>> constructors;
  /// an equality type (an operand of `==`, `!=`): no function types, no type parameters
  bool equality = false;
  bool empty() const {
    return prims == 0 && fields.empty() && constructors.empty() && !equality;
  }
};

/// Where a rigid size name (size parameter, existential size) was introduced, for the notes
/// of a "size mismatch".
struct SizeOrigin {
  std::string what; ///< "the size parameter of `f`", "the size of the result of `filter`"
  SourceSpan span;
  /// A second note, where an existential stands for a variable out of its scope: that
  /// variable's binding site ("`n` in the type of `f` is the variable bound here").
  std::string alsoWhat{};
  SourceSpan alsoAt{};
};

/// The identity of a size name: its spelling, plus the uid of its binding where it refers to
/// a variable (two variables spelt `n` are different sizes).
std::string sizeKey(const Size& s);

/// What the sizes being unified stand for, for the text of a "size mismatch" (Note [Size
/// variables] in UnifySizes.cpp). Empty `callee` and `ascription` false: a plain unification.
struct SizeContext {
  std::string callee;   ///< at the argument of a call of this function
  std::string argument; ///< "the second argument, `ys`"
  bool ascription = false; ///< `e : t`
};

/// A type scheme: `forall quantified. type`.
struct Scheme {
  TypeRef type;
  std::vector<std::string> quantified;
};

class TypeVars {
public:
  explicit TypeVars(DiagnosticEngine& diags) : diags_(diags) {}

  TypeRef fresh(SourceSpan where, Constraint c = {});
  /// Follows bindings at the head of `t` (one level of structure).
  TypeRef head(TypeRef t) const;
  /// Applies the substitution everywhere in `t`.
  TypeRef zonk(const TypeRef& t) const;

  /// Unifies `expected` with `actual`; on failure reports
  /// "cannot unify `expected` with `actual`" at `span` and returns false.
  bool unify(const TypeRef& expected, const TypeRef& actual, const SourceSpan& span);
  /// Requires `t` to satisfy `c`; reports at `span` on failure.
  bool constrain(const TypeRef& t, Constraint c, const SourceSpan& span);
  /// Makes `p` the default of the variable `t` where its constraint allows `p` (an index
  /// defaults to i64 even where it is an integer literal, which defaults to i32).
  void preferDefault(const TypeRef& t, PrimType p);

  /// Instantiates a scheme with fresh variables.
  TypeRef instantiate(const Scheme& s, const SourceSpan& where);
  /// As above; `sub` receives the fresh type each quantified name was replaced by.
  TypeRef instantiate(const Scheme& s, const SourceSpan& where,
                      std::map<std::string, TypeRef>& sub);
  /// Generalises the unconstrained variables of `t` created at a deeper level than the
  /// current one.
  Scheme generalise(const TypeRef& t, std::vector<std::string> rigid);
  /// Binds every unbound defaulting variable created since variable index `from` (numeric
  /// literals to their default type, constructor-constrained variables to their sum type).
  void applyDefaults(size_t from);
  /// Futhark's end of a top-level definition: an unbound variable created since index `from`
  /// that only primitive types satisfy becomes i32 where allowed, else f64; one that must be
  /// a record with some fields or an equality type, or a primitive type other than those,
  /// is ambiguous (reported, the first one only). Returns false when it reported.
  bool resolveAmbiguous(size_t from);
  /// Binds each unbound variable in `t` that only primitive types satisfy (an operand of
  /// `+`, say) to i32 where allowed, else to f64: Futhark's defaulting for entry points.
  void defaultNumeric(const TypeRef& t);
  size_t numVars() const { return vars_.size(); }

  /// Whether `t` is still an unbound variable of the current level or deeper: a local
  /// function's type parameter that nothing outside the function was unified with.
  bool staysLocal(const TypeRef& t) const {
    TypeRef h = head(t);
    return isFlexible(*h) && info(*h).level >= level_;
  }

  void enterLevel() { ++level_; }
  void leaveLevel() { --level_; }
  /// Rigid type parameters satisfy any constraint (the prelude's generic numeric code).
  bool trustRigid = false;
  /// The last error reported by unify/constrain (to attach notes to), or null.
  Diagnostic* lastError() const { return lastError_; }

  static bool isFlexible(const Type& t) { return t.kind == Type::Kind::Var && t.name[0] == '?'; }
  /// Whether the head of `t` is a flexible variable with no constraint at all.
  bool isUnconstrained(const TypeRef& t) const {
    TypeRef h = head(t);
    return isFlexible(*h) && info(*h).constraint.empty() && !info(*h).constraint.defaultPrim;
  }

  // --- sizes (UnifySizes.cpp, Note [Size variables])
  /// A fresh flexible size variable standing for the size parameter `display` of a callee.
  Size freshSize(const std::string& display);
  /// How many existential sizes have been made so far: those made later have a higher
  /// number (`ext'N`), which tells sizes of a function's body from those of its parameters.
  int existentialCount() const { return existentials_; }
  /// The number of an existential size `ext'N`, or 0 for any other size.
  static int existentialNumber(const Size& s);
  /// A fresh rigid size name (an existential size) introduced by `origin`.
  Size freshExistential(SizeOrigin origin);
  /// Records where the rigid size `s` comes from.
  void noteRigidSize(const Size& s, SizeOrigin origin) { sizeOrigins_[sizeKey(s)] = std::move(origin); }
  /// Where the rigid size `s` comes from, or null.
  const SizeOrigin* sizeOrigin(const Size& s) const {
    auto it = sizeOrigins_.find(sizeKey(s));
    return it == sizeOrigins_.end() ? nullptr : &it->second;
  }
  /// Follows the bindings of flexible size variables.
  Size headSize(const Size& s) const;
  static bool isFlexibleSize(const Size& s) { return s.kind == Size::Kind::Var && s.name[0] == '?'; }
  /// `t` with every size that differs between `a` and `b` (same structure, zonked) replaced
  /// by a fresh existential size from `origin`; an unknown size on either side stays unknown.
  TypeRef joinSizes(const TypeRef& a, const TypeRef& b, const SizeOrigin& origin);
  /// Replaces unbound flexible sizes by unknown sizes (at generalisation and at the end).
  TypeRef forgetFlexibleSizes(const TypeRef& t) const;
  /// How size mismatches found by the next unifications are described.
  SizeContext sizeContext;
  /// While set, different sizes unify (the branches of `if`, loop results, `:>`).
  bool laxSizes = false;
  /// The size parameters of a `let` being bound (their uids): such a size takes the size it
  /// meets instead of mismatching it (`let [m] (ys: [m]t) = e`).
  std::set<int> openedSizes;

  // --- abstract types (Note [Abstract types] in Modules.h)
  /// The definition of an abstract type of a sealed module, over its parameters.
  struct AbstractDefinition {
    TypeRef type;
    std::vector<std::string> sizeParams, typeParams;
  };
  /// The definitions of the abstract types of sealed modules, by the rigid name they have.
  std::map<std::string, AbstractDefinition> abstractTypes;
  /// The definition of the abstract type `t` (applied to its arguments), or null when `t` is
  /// not one.
  TypeRef definitionOf(const Type& t) const;
  /// While set (checking a sealing declaration), abstract types unify with their definitions.
  bool seeThroughAbstract = false;
  /// `t` with every abstract type replaced by its definition.
  TypeRef eraseAbstract(const TypeRef& t) const;

private:
  struct VarInfo {
    TypeRef binding;
    Constraint constraint;
    int level = 0;
  };
  VarInfo& info(const Type& var);
  const VarInfo& info(const Type& var) const;
  bool unifyRec(const TypeRef& a, const TypeRef& b, const SourceSpan& span, bool& reported);
  bool bindVar(const Type& var, const TypeRef& t, const SourceSpan& span, bool& reported);
  bool occurs(const Type& var, const TypeRef& t) const;
  void adjustLevels(const TypeRef& t, int level);
  bool satisfies(const TypeRef& t, const Constraint& c, const SourceSpan& span, bool& reported);
  void collectFree(const TypeRef& t, std::vector<std::string>& out) const;
  bool unifySize(const Size& a, const Size& b);
  /// A flexible size variable and the size that makes `a` and `b` equal, where `a == b` can
  /// be solved for one (Note [Size variables]).
  std::optional<std::pair<Size, Size>> solveSizeEquation(const Size& a, const Size& b) const;
  void reportSizeMismatch(const TypeRef& expected, const TypeRef& actual, const SourceSpan& span);
  bool satisfiesEquality(const TypeRef& t, const Constraint& c, const SourceSpan& span,
                         bool& reported);
  bool satisfiesConstructors(const TypeRef& t, const Constraint& c, const SourceSpan& span,
                             bool& reported);

  DiagnosticEngine& diags_;
  std::vector<VarInfo> vars_;
  int level_ = 0;
  Diagnostic* lastError_ = nullptr;
  struct SizeVarInfo {
    std::optional<Size> binding;
    std::string display;   ///< the callee's name for it (`n`)
    std::string boundFrom; ///< the argument that bound it (its SizeContext::argument)
    SourceSpan boundAt;
  };
  std::vector<SizeVarInfo> sizeVars_;
  std::map<std::string, SizeOrigin> sizeOrigins_; ///< by sizeKey
  int existentials_ = 0;
  /// The two sizes of the last failed size unification (heads not taken).
  std::optional<std::pair<Size, Size>> sizeConflict_;
  SourceSpan unifySpan_; ///< the span of the unification in progress
};

/// `t` rebuilt with `onVar` applied to its type variables and `onSize` to its sizes.
TypeRef mapType(const TypeRef& t, const std::function<TypeRef(const TypeRef&)>& onVar,
                const std::function<Size(const Size&)>& onSize);
/// `t` with every array size replaced by `f(size)` (function parameter names kept).
TypeRef mapSizes(const TypeRef& t, const std::function<Size(const Size&)>& f);

/// Replaces type variables by name (for instantiation and type abbreviations).
TypeRef substitute(const TypeRef& t, const std::map<std::string, TypeRef>& s);

} // namespace fjord::sema
