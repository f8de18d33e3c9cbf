// Generic traversals of the core IR, in the style of Halide's IRMutator/IRVisitor and
// Futhark's identityMapper/walker: a `Mutator` rebuilds every node and a pass overrides only
// the hooks it needs; a `Walker` visits without rebuilding. On top of them: free variables,
// substitution, and renaming with fresh names.
//
// Both traversals visit the uses of an expression before the names its statement binds, and
// a lambda's or loop's parameters before its body, so a renaming pass sees every binder
// before the uses it scopes over.
#pragma once
#include "ir/IR.h"

#include <map>
#include <set>

namespace fjord::ir {

/// Rebuilds IR; every hook defaults to rebuilding its node from the rebuilt children.
class Mutator {
public:
  virtual ~Mutator() = default;

  /// A use of a variable (operand, array input, shape dimension, memory block).
  virtual VName var(const VName& v) { return v; }
  /// A binding occurrence (pattern element, parameter, loop iterator, segment index).
  virtual VName binder(const VName& v) { return v; }

  virtual SubExp subExp(const SubExp& se);
  virtual Type type(const Type& t);
  virtual Param param(const Param& p);
  virtual Body body(const Body& b);
  virtual Stm stm(const Stm& s);
  virtual Exp exp(const Exp& e);
  virtual BasicOp basicOp(const BasicOp& op);
  virtual Lambda lambda(const Lambda& l);
  virtual RedOp redOp(const RedOp& r);
  virtual HistOp histOp(const HistOp& h);
  virtual Soac soac(const Soac& s);
  virtual SegOp segOp(const SegOp& s);
  virtual FunDef funDef(const FunDef& f);
};

/// Visits IR read-only; every hook defaults to visiting the node's children.
class Walker {
public:
  virtual ~Walker() = default;

  virtual void var(const VName& v) {}
  virtual void binder(const VName& v) {}

  virtual void subExp(const SubExp& se);
  virtual void type(const Type& t);
  virtual void param(const Param& p);
  virtual void body(const Body& b);
  virtual void stm(const Stm& s);
  virtual void exp(const Exp& e);
  virtual void basicOp(const BasicOp& op);
  virtual void lambda(const Lambda& l);
  virtual void redOp(const RedOp& r);
  virtual void histOp(const HistOp& h);
  virtual void soac(const Soac& s);
  virtual void segOp(const SegOp& s);
};

using NameSet = std::set<VName>;

/// The variables used in `b` (or `e`, `l`) but not bound inside it. Requires unique names.
NameSet freeVars(const Body& b);
NameSet freeVars(const Exp& e);
NameSet freeVars(const Lambda& l);
/// The variables a statement uses (its expression's free variables and those in the types
/// of its pattern).
NameSet freeVars(const Stm& s);

/// The arrays a statement (or body) consumes: in-place update targets, scatter and hist
/// destinations, array initial values of loop merge parameters and call arguments,
/// including consumptions nested in its bodies.
NameSet consumedIn(const Stm& s);
NameSet consumedIn(const Body& b);

/// The Screma that `e` is, or null.
const Screma* asScrema(const Exp& e);

/// The destinations a scatter or hist expression updates in place (none for any other).
std::vector<VName> soacDestinations(const Exp& e);
std::vector<VName> soacDestinations(const Soac& s);

/// Every name bound anywhere inside `b` (patterns, parameters, iterators, nested bodies).
NameSet boundVars(const Body& b);

/// Replaces uses of the keys by their values. A key used where only a variable may stand
/// (an array input) must map to a variable.
using Substitution = std::map<VName, SubExp>;

/// A Mutator replacing the variables of `subst` by their values (a value standing where a
/// variable is required, e.g. an array operand, must itself be a variable). Derived passes
/// may keep adding to the map they gave it as they go.
class Substituter : public Mutator {
public:
  explicit Substituter(const Substitution& subst) : subst_(subst) {}
  SubExp subExp(const SubExp& se) override;
  VName var(const VName& v) override;

private:
  const Substitution& subst_;
};
Body substitute(const Body& b, const Substitution& subst);
Exp substitute(const Exp& e, const Substitution& subst);
Lambda substitute(const Lambda& l, const Substitution& subst);
Type substitute(const Type& t, const Substitution& subst);

/// Gives every name bound inside the construct a fresh tag from `names` (keeping the
/// source-derived base name) and updates its uses; free variables are unchanged.
Body renameBody(const Body& b, NameSource& names);
Lambda renameLambda(const Lambda& l, NameSource& names);

/// The names used by the variables of `ses` (constants skipped).
NameSet varsOf(const std::vector<SubExp>& ses);

} // namespace fjord::ir
