// A helper for passes that create IR: appends statements to a body under construction,
// naming their results with fresh tags and recording their types, so that callers need not
// compute result types themselves.
#pragma once
#include "ir/IR.h"
#include "ir/TypeOf.h"

#include <string>
#include <vector>

namespace fjord::ir {

class Builder {
public:
  /// `env` is shared by nested builders: names are unique, so one map serves every scope.
  Builder(NameSource& names, TypeEnv& env) : names_(names), env_(env) {}

  NameSource& names() { return names_; }
  TypeEnv& env() { return env_; }
  Type typeOf(const SubExp& se) const { return subExpType(se, env_); }

  /// A fresh parameter of type `t`, recorded in the environment.
  Param param(const std::string& name, const Type& t);

  /// Appends `stm` (its pattern already named) and records its pattern's types.
  void add(Stm stm);
  /// Appends `let {name_i : t_i} = exp` with the expression's own result types; returns
  /// the bound names (one per result; `name` is used for all of them).
  std::vector<VName> let(const std::string& name, Exp exp, Provenance prov = {});
  /// As `let` for an expression with exactly one result.
  VName let1(const std::string& name, Exp exp, Provenance prov = {});

  // Shorthands for basic ops; each returns the result as an operand.
  SubExp binOp(BinOpKind k, PrimType t, SubExp x, SubExp y, const std::string& name = "t");
  SubExp cmpOp(CmpOpKind k, PrimType t, SubExp x, SubExp y, const std::string& name = "c");
  SubExp unOp(UnOpKind k, PrimType t, SubExp x, const std::string& name = "t");
  SubExp convert(PrimType from, PrimType to, SubExp x, const std::string& name = "t");
  void assertion(SubExp cond, std::string message, SourceSpan span);

  /// Adds `attrs` to the provenance of the statements built from the `from`-th on (those of
  /// an attributed source expression: `#[sequential] map f xs`).
  void attribute(size_t from, const std::vector<std::string>& attrs);
  /// How many statements have been built so far.
  size_t size() const { return stms_.size(); }
  /// Takes the statements built so far, leaving the builder empty.
  std::vector<Stm> take() { return std::move(stms_); }
  /// Removes and returns the statements from index `first` on (the environment keeps their
  /// bindings; add them back with `add`).
  std::vector<Stm> takeFrom(size_t first) {
    std::vector<Stm> tail(std::make_move_iterator(stms_.begin() + static_cast<ptrdiff_t>(first)),
                          std::make_move_iterator(stms_.end()));
    stms_.resize(first);
    return tail;
  }
  Body finish(std::vector<SubExp> result) { return Body{take(), std::move(result)}; }

private:
  NameSource& names_;
  TypeEnv& env_;
  std::vector<Stm> stms_;
};

/// `BasicOp` constructors.
BasicOp subExpOp(SubExp se);
BasicOp binOpExp(BinOpKind k, PrimType t, SubExp x, SubExp y);
BasicOp cmpOpExp(CmpOpKind k, PrimType t, SubExp x, SubExp y);

} // namespace fjord::ir
