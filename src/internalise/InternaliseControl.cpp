// Internalisation of control flow: `if` and loops (`for`, `for ... in`, `while`), whose
// sizes that change between branches or iterations become existential.
#include "internalise/Internaliser.h"

#include <map>
#include <set>

namespace fjord::internalise {

using ir::SubExp;
using ir::VName;

Value Internaliser::ifExp(const ast::Expr& e, Env& env) {
  SubExp c = leaves(expr(*e.elems[0], env), e.span).at(0);
  if (TypeRef t = resolve(e.type, env); t && t->kind == Type::Kind::Acc)
    return accIf(e, c, env);
  Value shape;
  ir::Body thenB = inBody([&] {
    Env inner = env;
    shape = expr(*e.elems[1], inner);
    return leaves(shape, e.span);
  });
  ir::Body elseB = inBody([&] {
    Env inner = env;
    return leaves(expr(*e.elems[2], inner), e.span);
  });
  std::vector<VName> names = letIf(hint_.empty() ? "if_res" : hint_, c, std::move(thenB),
                                   std::move(elseB), {site(e.span), "if"}, e.span);
  std::vector<SubExp> ses(names.begin(), names.end());
  return rebuild(shape, ses);
}

Value Internaliser::loop(const ast::Expr& e, Env& env) {
  const ast::LoopForm& form = e.loopForm;
  Value init = expr(*e.elems[0], env);
  if (init.kind == Value::Kind::Acc)
    return accLoop(e, init, env);
  std::vector<SubExp> inits = leaves(init, e.span);
  std::string name = nameFor(*e.pattern);
  std::string pname = name.empty() ? "acc" : name;

  SubExp boundV;
  std::optional<Value> forInArr;
  ir::PrimType iterType = PrimType::I64;
  VName iterator;
  if (form.kind == ast::LoopForm::Kind::For) {
    iterType = primOf(form.bound->type, env, form.bound->span);
    boundV = leaves(expr(*form.bound, env), e.span).at(0);
    if (iterType != PrimType::I64)
      boundV = b_->convert(iterType, PrimType::I64, boundV, "bound");
    iterator = names_.fresh(form.iterator.base);
  } else if (form.kind == ast::LoopForm::Kind::ForIn) {
    forInArr = expr(*form.bound, env);
    boundV = outerSize(*forInArr, e.span);
    iterator = names_.fresh("i");
  }
  if (form.kind != ast::LoopForm::Kind::While)
    tenv_[iterator] = ir::Type::prim(PrimType::I64);
  std::optional<ir::Param> condParam;
  SubExp c0;
  if (form.kind == ast::LoopForm::Kind::While) {
    // The condition on the initial values decides the first iteration; the body returns
    // the condition on its new values first.
    Env first = env;
    bindPattern(*e.pattern, init, first);
    c0 = leaves(expr(*form.bound, first), e.span).at(0);
    condParam = ir::Param{names_.fresh("loop_cond"), ir::Type::prim(PrimType::Bool), nullptr};
    tenv_[condParam->name] = condParam->type;
  }

  // Dimensions (value, dim) that the body changes become existential merge parameters
  // (Note [Existential sizes in the IR]). The body is internalised again until no further
  // size changes: each round makes at least one more dimension existential.
  std::set<std::pair<size_t, size_t>> ext;
  ir::Loop lp;
  std::vector<ir::Param> sizeParams, params;
  for (;;) {
    lp = ir::Loop{};
    lp.iterator = iterator;
    lp.bound = boundV;
    sizeParams.clear();
    params.clear();
    std::vector<SubExp> sizeInits;
    std::vector<ir::Type> types;
    for (size_t i = 0; i < inits.size(); ++i) {
      ir::Type t = typeOf(inits[i]);
      for (size_t d = 0; d < t.shape.size(); ++d)
        if (ext.count({i, d})) {
          ir::Param p{names_.fresh(pname + "_n"), ir::Type::prim(PrimType::I64), nullptr};
          tenv_[p.name] = p.type;
          sizeParams.push_back(p);
          sizeInits.push_back(t.shape[d]);
          t.shape[d] = p.name;
        }
      types.push_back(t);
    }
    Env inner = env;
    Value paramValue = freshParams(init, types, params, pname);
    bindPattern(*e.pattern, paramValue, inner);
    if (condParam) {
      lp.kind = ir::Loop::Kind::While;
      lp.whileCond = condParam->name;
      lp.merge.emplace_back(*condParam, c0);
    }
    for (size_t k = 0; k < sizeParams.size(); ++k)
      lp.merge.emplace_back(sizeParams[k], sizeInits[k]);
    for (size_t i = 0; i < params.size(); ++i)
      lp.merge.emplace_back(params[i], inits[i]);

    bool changed = false;
    lp.body = inBody([&] {
      if (form.kind == ast::LoopForm::Kind::For) {
        SubExp it = lp.iterator;
        if (iterType != PrimType::I64)
          it = b_->convert(PrimType::I64, iterType, it, form.iterator.base);
        inner.vars[form.iterator.uid] = Value::of(it);
      } else if (form.kind == ast::LoopForm::Kind::ForIn) {
        ir::Slice s{ir::DimIndex{true, lp.iterator, {}, {}, {}}};
        bindPattern(*form.element, indexValue(*forInArr, s), inner);
      }
      Value next = expr(*e.elems[1], inner);
      std::vector<SubExp> vals = leaves(next, e.span);
      std::vector<SubExp> res;
      if (form.kind == ast::LoopForm::Kind::While) {
        Env after = env;
        bindPattern(*e.pattern, next, after);
        res.push_back(leaves(expr(*form.bound, after), e.span).at(0));
      }
      for (size_t i = 0; i < vals.size(); ++i) {
        ir::Type t = typeOf(vals[i]);
        if (t.elem != types.at(i).elem || t.rank() != types[i].rank())
          unsupported(e.span, "a loop whose values change type between iterations");
        for (size_t d = 0; d < t.shape.size(); ++d) {
          if (ext.count({i, d}))
            res.push_back(t.shape[d]);
          else if (!(t.shape[d] == types[i].shape[d])) {
            ext.insert({i, d});
            changed = true;
          }
        }
      }
      res.insert(res.end(), vals.begin(), vals.end());
      return res;
    });
    if (!changed)
      break;
  }

  // The pattern binds the sizes, then the values, whose types name the pattern's sizes.
  std::string resName = name.empty() ? "loop_res" : name;
  ir::Stm stm{{}, lp, {site(e.span), "loop"}};
  if (condParam)
    stm.pat.push_back(ir::PatElem{names_.fresh(resName), condParam->type, nullptr});
  std::map<VName, VName> rename;
  for (const ir::Param& p : sizeParams) {
    VName v = names_.fresh(resName + "_n");
    rename[p.name] = v;
    stm.pat.push_back(ir::PatElem{v, p.type, nullptr});
  }
  std::vector<SubExp> ses;
  for (const ir::Param& p : params) {
    ir::Type t = p.type;
    for (SubExp& d : t.shape)
      if (d.isVar() && rename.count(d.var()))
        d = rename.at(d.var());
    VName v = names_.fresh(resName);
    stm.pat.push_back(ir::PatElem{v, t, nullptr});
    ses.push_back(v);
  }
  b_->add(std::move(stm));
  return rebuild(init, ses);
}

} // namespace fjord::internalise
