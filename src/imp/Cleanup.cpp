// Scalar clean-ups on lowered Imp (see Lowering.h), so generated code reads like code a
// person would write:
//  - copy propagation: lowering binds every lambda parameter to its argument, so a
//    reduction step comes out as `x_1 = acc; y = x; t = x_1 + y;`; uses of such copies are
//    replaced by their source (`t = acc + x`) where that is provably the same value;
//  - temporaries folded into the one statement that reads them
//    (`float t_1 = acc + x; acc = t_1;` becomes `acc = acc + x;`), call results written
//    straight to where they are copied (`T r; f(x, &r); acc = r;` becomes `f(x, &acc);`),
//    and an `if` that only chooses between values written as selects;
//  - unused declarations: lowering binds every source variable and helper eagerly (e.g. a
//    SegSpace's flat index, a loop's unused induction value, a propagated copy), and
//    generated code must compile without unused-variable warnings.
#include "imp/Lowering.h"

namespace fjord::imp::detail {

namespace {

void usesIn(const Exp& e, std::set<std::string>& used) {
  if (e.kind == Exp::Kind::Var || e.kind == Exp::Kind::Load ||
      e.kind == Exp::Kind::LoadVolatile || e.kind == Exp::Kind::Lane)
    used.insert(e.name);
  for (const ExpRef& a : e.args)
    usesIn(*a, used);
}

/// Every name read, written after its declaration, or passed to a kernel in `b`.
void usesIn(const Block& b, std::set<std::string>& used) {
  for (const Stm& s : b) {
    for (const ExpRef& a : s.args)
      usesIn(*a, used);
    for (const KernelArg& k : s.kernelArgs)
      if (k.scalar)
        usesIn(*k.scalar, used);
    for (const KernelArg& k : s.outs) // a call's results are set by it
      used.insert(k.scalar ? k.scalar->name : k.mem);
    if (s.kind != Stm::Kind::DeclareScalar && s.kind != Stm::Kind::Comment)
      used.insert(s.name);
    if (s.kind == Stm::Kind::AtomicFetchAdd || s.kind == Stm::Kind::AtomicCas)
      used.insert(s.src); // set by the statement

    usesIn(s.body, used);
    usesIn(s.elseBody, used);
  }
}

bool removeUnused(Block& b, const std::set<std::string>& used) {
  bool changed = false;
  Block kept;
  for (Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareScalar && !used.count(s.name)) {
      changed = true;
      continue;
    }
    changed |= removeUnused(s.body, used);
    changed |= removeUnused(s.elseBody, used);
    kept.push_back(std::move(s));
  }
  b = std::move(kept);
  return changed;
}

/// `DeclareScalar name = src` of a scalar variable of the same type.
bool isCopy(const Stm& s) {
  return s.kind == Stm::Kind::DeclareScalar && s.args.size() == 1 &&
         s.args[0]->kind == Exp::Kind::Var && s.args[0]->type == s.type &&
         s.args[0]->name != s.name;
}

/// Whether `s` (or a statement nested in it) sets scalar `name` after its declaration.
bool writes(const Stm& s, const std::string& name) {
  bool setsScalar = s.kind == Stm::Kind::Assign || s.kind == Stm::Kind::ReadScalar ||
                    s.kind == Stm::Kind::For || s.kind == Stm::Kind::GroupReduce;
  if (setsScalar && s.name == name)
    return true;
  bool setsSrc = s.kind == Stm::Kind::AtomicFetchAdd || s.kind == Stm::Kind::AtomicCas;
  if (setsSrc && (s.src == name || (s.kind == Stm::Kind::AtomicCas && s.text == name)))
    return true;
  for (const KernelArg& k : s.outs)
    if (k.scalar && k.scalar->name == name)
      return true;
  for (const Block* b : {&s.body, &s.elseBody})
    for (const Stm& t : *b)
      if (writes(t, name))
        return true;
  return false;
}

bool reads(const Exp& e, const std::string& name) {
  if (e.kind == Exp::Kind::Var && e.name == name)
    return true;
  for (const ExpRef& a : e.args)
    if (reads(*a, name))
      return true;
  return false;
}

/// Whether `s` (or a statement nested in it) reads scalar `name`.
bool reads(const Stm& s, const std::string& name) {
  for (const ExpRef& a : s.args)
    if (reads(*a, name))
      return true;
  for (const KernelArg& k : s.kernelArgs)
    if (k.scalar && reads(*k.scalar, name))
      return true;
  for (const Block* b : {&s.body, &s.elseBody})
    for (const Stm& t : *b)
      if (reads(t, name))
        return true;
  return false;
}

/// `e` with variable `from` replaced by `to` (shares unchanged subtrees).
ExpRef substitute(const ExpRef& e, const std::string& from, const ExpRef& to) {
  if (e->kind == Exp::Kind::Var)
    return e->name == from ? to : e;
  bool changed = false;
  std::vector<ExpRef> args;
  for (const ExpRef& a : e->args) {
    args.push_back(substitute(a, from, to));
    changed |= args.back() != a;
  }
  if (!changed)
    return e;
  Exp copy = *e;
  copy.args = std::move(args);
  return std::make_shared<const Exp>(std::move(copy));
}

void substitute(Stm& s, const std::string& from, const ExpRef& to) {
  for (ExpRef& a : s.args)
    a = substitute(a, from, to);
  for (KernelArg& k : s.kernelArgs)
    if (k.scalar)
      k.scalar = substitute(k.scalar, from, to);
  for (Block* b : {&s.body, &s.elseBody})
    for (Stm& t : *b)
      substitute(t, from, to);
}

/// Replaces the uses of copy `b[i]` by its source when neither changes while the copy is
/// live: the copy is never reassigned, and its source is not set between the copy and its
/// last use (the last use may itself be `src = f(copy)`: the right side is read first).
void propagateCopy(Block& b, size_t i) {
  const std::string from = b[i].name;
  const ExpRef source = b[i].args[0];
  size_t lastUse = i;
  for (size_t j = i + 1; j < b.size(); ++j) {
    if (writes(b[j], from))
      return;
    if (reads(b[j], from))
      lastUse = j;
  }
  for (size_t j = i + 1; j <= lastUse; ++j) {
    bool readsThenSets = j == lastUse && b[j].kind == Stm::Kind::Assign;
    if (writes(b[j], source->name) && !readsThenSets)
      return;
  }
  for (size_t j = i + 1; j <= lastUse; ++j)
    substitute(b[j], from, source);
}

/// How many times `e` reads scalar `name`.
int countReads(const Exp& e, const std::string& name) {
  int n = e.kind == Exp::Kind::Var && e.name == name ? 1 : 0;
  for (const ExpRef& a : e.args)
    n += countReads(*a, name);
  return n;
}

/// Whether `name` is `base` or `base_N`.
bool isNamed(const std::string& name, const std::string& base) {
  if (name == base)
    return true;
  size_t n = base.size() + 1;
  return name.size() > n && name.compare(0, n, base + "_") == 0 &&
         name.find_first_not_of("0123456789", n) == std::string::npos;
}

/// Whether `name` is a compiler temporary: the name of an intermediate the source did not
/// name -- `t`, the internaliser's `cmp`, `cond` and `if_res`, and allocation sizes
/// `..._bytes` (each perhaps with `_N`); values with a source or helper name keep it.
bool isTemporaryName(const std::string& name) {
  for (const char* base : {"t", "cmp", "cond", "if_res"})
    if (isNamed(name, base))
      return true;
  // A byte count for an allocation (`mapped_bytes`), which says it is one.
  size_t at = name.rfind("_bytes");
  return at != std::string::npos && at > 0 && isNamed(name.substr(at + 1), "bytes");
}

/// Whether `e` is computed from scalars alone (no memory, no warp exchange), so it may be
/// evaluated later as long as those scalars keep their values.
bool scalarsOnly(const Exp& e) {
  using K = Exp::Kind;
  if (e.kind != K::Const && e.kind != K::Var && e.kind != K::UnOp && e.kind != K::BinOp &&
      e.kind != K::Cmp && e.kind != K::Convert && e.kind != K::Select)
    return false;
  for (const ExpRef& a : e.args)
    if (!scalarsOnly(*a))
      return false;
  return true;
}

/// Folds `b[i]`, a temporary, into the first statement after it that uses it, when that is
/// its only reader and reads it once: an assignment, a declaration, a store's value, an
/// `if`'s condition or a `return`. A value read from memory folds only into the statement
/// right after it; one computed from scalars also past statements that leave them alone.
bool foldTemporary(Block& b, size_t i, const std::set<std::string>& keep) {
  const Stm& d = b[i];
  if (d.kind != Stm::Kind::DeclareScalar || d.args.size() != 1 || keep.count(d.name) ||
      !isTemporaryName(d.name) || d.args[0]->type != d.type ||
      (primBytes(d.type) < 4 && d.type != PrimType::Bool))
    return false; // C computes narrow types in int: the declaration's conversion matters
  size_t j = i + 1;
  while (j < b.size() && !reads(b[j], d.name) && !writes(b[j], d.name))
    ++j;
  if (j == b.size())
    return false;
  if (j > i + 1) {
    if (!scalarsOnly(*d.args[0]))
      return false;
    std::set<std::string> inputs;
    usesIn(*d.args[0], inputs);
    for (size_t k = i + 1; k < j; ++k)
      for (const std::string& v : inputs)
        if (writes(b[k], v))
          return false;
  }
  Stm& next = b[j];
  using K = Stm::Kind;
  bool reader = next.kind == K::Assign || next.kind == K::Store || next.kind == K::If ||
                next.kind == K::Return || next.kind == K::Alloc ||
                (next.kind == K::DeclareScalar && !next.args.empty());
  if (!reader || writes(next, d.name) || (next.kind == K::Store && reads(*next.args[0], d.name)))
    return false;
  int count = 0;
  for (const ExpRef& a : next.args)
    count += countReads(*a, d.name);
  if (count != 1)
    return false; // also when only its body reads it
  for (const Block* body : {&next.body, &next.elseBody})
    for (const Stm& t : *body)
      if (reads(t, d.name))
        return false; // an `if` whose condition and branches both read it
  for (size_t k = j + 1; k < b.size(); ++k)
    if (reads(b[k], d.name) || writes(b[k], d.name))
      return false;
  for (ExpRef& a : next.args)
    a = substitute(a, d.name, d.args[0]);
  b.erase(b.begin() + static_cast<std::ptrdiff_t>(i));
  return true;
}

/// Whether `e` is a variable or a constant: cheap to evaluate whether it is chosen or not.
bool isAtom(const Exp& e) { return e.kind == Exp::Kind::Var || e.kind == Exp::Kind::Const; }

/// Turns `T a; T c; if (p) { a = x; c = y; } else { a = u; c = v; }`, whose branches only
/// choose between variables and constants, into `T a = p ? x : u; T c = p ? y : v;`.
void selectFromIf(Block& b, size_t i) {
  const Stm& s = b[i];
  size_t n = s.body.size();
  if (s.kind != Stm::Kind::If || n == 0 || s.elseBody.size() != n || i < n ||
      s.args[0]->kind != Exp::Kind::Var)
    return;
  for (size_t k = 0; k < n; ++k) {
    const Stm& decl = b[i - n + k];
    const Stm &yes = s.body[k], &no = s.elseBody[k];
    if (decl.kind != Stm::Kind::DeclareScalar || !decl.args.empty() ||
        yes.kind != Stm::Kind::Assign || no.kind != Stm::Kind::Assign ||
        yes.name != decl.name || no.name != decl.name || !isAtom(*yes.args[0]) ||
        !isAtom(*no.args[0]) || decl.name == s.args[0]->name)
      return;
  }
  for (size_t k = 0; k < n; ++k)
    b[i - n + k].args = {select(s.args[0], s.body[k].args[0], s.elseBody[k].args[0])};
  b.erase(b.begin() + static_cast<std::ptrdiff_t>(i));
}

void selectsFromIfs(Block& b) {
  for (size_t i = b.size(); i-- > 0;) {
    selectsFromIfs(b[i].body);
    selectsFromIfs(b[i].elseBody);
    selectFromIf(b, i);
  }
}

/// Whether result `r` of the call `b[call]` is used only there, by the copy `b[copy]` and
/// by its declaration (without a value) before the call, whose position it returns in `decl`.
bool onlyCopied(const Block& b, size_t call, size_t copy, const std::string& r, size_t& decl) {
  int asOut = 0;
  for (const KernelArg& k : b[call].outs)
    asOut += k.scalar && k.scalar->name == r ? 1 : 0;
  if (asOut != 1 || reads(b[call], r))
    return false;
  decl = b.size();
  for (size_t j = 0; j < b.size(); ++j) {
    if (j == call || j == copy)
      continue;
    if (j < call && b[j].kind == Stm::Kind::DeclareScalar && b[j].name == r && b[j].args.empty()) {
      decl = j;
      continue;
    }
    if (reads(b[j], r) || writes(b[j], r))
      return false;
  }
  return decl < b.size();
}

/// Lets the call `b[i]` put its results straight into the variables that the assignments
/// right after it copy them to (`T r; f(x, &r); acc = r;` becomes `f(x, &acc);`), where
/// the result variable has no other use. The callee takes its arguments by value, so a
/// target that is also an argument is read before the call sets it.
void foldCallResults(Block& b, size_t i, const std::set<std::string>& keep) {
  auto isOut = [&](const std::string& name) {
    for (const KernelArg& k : b[i].outs)
      if (k.scalar && k.scalar->name == name)
        return true;
    return false;
  };
  size_t j = i + 1;
  while (j < b.size() && b[j].kind == Stm::Kind::Assign &&
         b[j].args.at(0)->kind == Exp::Kind::Var && isOut(b[j].args[0]->name) &&
         !isOut(b[j].name)) {
    const std::string r = b[j].args[0]->name, target = b[j].name;
    size_t decl = 0;
    if (keep.count(r) || !onlyCopied(b, i, j, r, decl) || b[decl].type != b[j].args[0]->type) {
      ++j;
      continue;
    }
    for (KernelArg& k : b[i].outs)
      if (k.scalar && k.scalar->name == r)
        k.scalar = var(target, k.scalar->type);
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(j));
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(decl));
    --i; // the declaration before the call is gone
    --j;
  }
}

void foldCallsResults(Block& b, const std::set<std::string>& keep) {
  for (size_t i = 0; i < b.size(); ++i) {
    // Not inside one dialect's branch: a variable the call would set there may be only
    // assigned, never read, in the printed branch (the printer keeps what either reads).
    if (b[i].kind == Stm::Kind::IfWarpShuffles)
      continue;
    foldCallsResults(b[i].body, keep);
    foldCallsResults(b[i].elseBody, keep);
    if (b[i].kind == Stm::Kind::Call)
      foldCallResults(b, i, keep);
  }
}

/// Whether every statement in `s` that sets scalar `x` is an assignment or a ReadScalar.
bool setOnlyByAssignments(const Stm& s, const std::string& x) {
  using K = Stm::Kind;
  if (s.kind == K::Assign || s.kind == K::ReadScalar)
    return true;
  if (s.kind != K::If && s.kind != K::While && (s.kind != K::For || s.name == x))
    return !writes(s, x);
  for (const Block* b : {&s.body, &s.elseBody})
    for (const Stm& t : *b)
      if (!setOnlyByAssignments(t, x))
        return false;
  return true;
}

/// `s` with scalar `from` renamed `to`, where assignments and ReadScalars set it.
void renameScalar(Stm& s, const std::string& from, const ExpRef& to) {
  substitute(s, from, to);
  if ((s.kind == Stm::Kind::Assign || s.kind == Stm::Kind::ReadScalar) && s.name == from)
    s.name = to->name;
  for (Block* b : {&s.body, &s.elseBody})
    for (Stm& t : *b)
      renameScalar(t, from, to);
}

/// Computes straight into a result: `T x; ... x = ...; ... r = x;` (the only use of x after
/// it the copy to result `r`, which nothing before reads or sets) becomes `... r = ...;`.
bool computeIntoResult(Block& b, size_t a, const std::set<std::string>& results) {
  const Stm& copy = b[a];
  if (copy.kind != Stm::Kind::Assign || !results.count(copy.name) ||
      copy.args.at(0)->kind != Exp::Kind::Var)
    return false;
  const std::string r = copy.name;
  const ExpRef x = copy.args[0];
  size_t d = 0;
  while (d < a && !(b[d].kind == Stm::Kind::DeclareScalar && b[d].name == x->name))
    ++d;
  if (d == a || !b[d].args.empty() || b[d].type != x->type)
    return false;
  for (size_t j = a + 1; j < b.size(); ++j)
    if (reads(b[j], x->name) || writes(b[j], x->name))
      return false;
  for (size_t j = d + 1; j < a; ++j)
    if (reads(b[j], r) || writes(b[j], r) || !setOnlyByAssignments(b[j], x->name))
      return false;
  ExpRef to = var(r, x->type);
  for (size_t j = d + 1; j < a; ++j)
    renameScalar(b[j], x->name, to);
  b.erase(b.begin() + static_cast<std::ptrdiff_t>(a));
  b.erase(b.begin() + static_cast<std::ptrdiff_t>(d));
  return true;
}

void foldTemporariesIn(Block& b, const std::set<std::string>& keep) {
  for (size_t i = b.size(); i-- > 0;) {
    foldTemporariesIn(b[i].body, keep);
    foldTemporariesIn(b[i].elseBody, keep);
    if (i < b.size())
      foldTemporary(b, i, keep);
  }
}

} // namespace

void foldTemporaries(Block& b, const std::set<std::string>& keep) {
  foldCallsResults(b, keep);
  selectsFromIfs(b);
  foldTemporariesIn(b, keep);
  for (size_t i = b.size(); i-- > 0;)
    if (computeIntoResult(b, i, keep))
      --i; // a declaration before it is gone too
}

void propagateCopies(Block& b, const std::set<std::string>& keep) {
  for (size_t i = 0; i < b.size(); ++i) {
    if (isCopy(b[i]) && !keep.count(b[i].name))
      propagateCopy(b, i);
    propagateCopies(b[i].body, keep);
    propagateCopies(b[i].elseBody, keep);
  }
}

void removeUnusedScalars(Block& b, const std::set<std::string>& keep) {
  for (;;) {
    std::set<std::string> used = keep;
    usesIn(b, used);
    if (!removeUnused(b, used))
      return;
  }
}

} // namespace fjord::imp::detail
