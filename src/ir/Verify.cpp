// The IR verifier (see Verify.h for the invariants it checks).
#include "ir/Verify.h"

#include "ir/ElementIndex.h"
#include "ir/MemInfo.h"
#include "ir/Print.h"
#include "ir/TypeOf.h"
#include "support/Diagnostics.h"

#include <algorithm>
#include <map>
#include <set>

namespace fjord::ir {

namespace {

/// Types equal up to uniqueness.
bool sameType(const Type& a, const Type& b) {
  return a.kind == b.kind && a.elem == b.elem && a.shape == b.shape &&
         (a.kind != Type::Kind::Mem || a.space == b.space);
}

std::string typeList(const std::vector<Type>& ts) {
  std::string out = "{";
  for (size_t i = 0; i < ts.size(); ++i)
    out += (i ? ", " : "") + ts[i].str();
  return out + "}";
}

std::string firstLine(const std::string& s) {
  size_t nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl) + " ...";
}

const Type kI64 = Type::prim(PrimType::I64);
const Type kBool = Type::prim(PrimType::Bool);

class Verifier {
public:
  explicit Verifier(Stage stage) : stage_(stage) {}

  void funDef(const FunDef& f) {
    fun_ = f.name;
    seen_.clear();
    TypeEnv env;
    for (const Param& p : f.params)
      bind(p, env, /*requireMem=*/stage_ == Stage::Mem);
    // Result sizes may be computed by the body (existential sizes), so the return types
    // are checked in the scope at the body's end.
    TypeEnv end;
    std::vector<Type> res = body(f.body, env, /*inKernel=*/false, &end);
    for (const Type& t : f.retTypes)
      checkType(t, end);
    expectTypes(res, f.retTypes, "function result");
  }

private:
  Stage stage_;
  std::string fun_;
  std::string stm_; ///< the statement being checked (first line), for context
  std::set<VName> seen_;

  [[noreturn]] void fail(const std::string& msg) {
    std::string where = std::string("verify(") + stageName(stage_) + ")";
    std::string ctx = "in function " + fun_;
    if (!stm_.empty())
      ctx += ", statement `" + stm_ + "`";
    internalError(where, ctx + ": " + msg);
  }

  void use(const VName& v, const TypeEnv& env) {
    if (!env.count(v))
      fail("use of " + v.str() + (seen_.count(v) ? " out of its scope" : " before its definition"));
  }
  Type typeOf(const SubExp& se, const TypeEnv& env) {
    if (se.isVar())
      use(se.var(), env);
    return subExpType(se, env);
  }
  void expect(const SubExp& se, const Type& t, const TypeEnv& env, const std::string& what) {
    Type actual = typeOf(se, env);
    if (!sameType(actual, t))
      fail(what + " " + se.str() + " has type " + actual.str() + ", expected " + t.str());
  }
  void expectTypes(const std::vector<Type>& actual, const std::vector<Type>& expected,
                   const std::string& what) {
    bool ok = actual.size() == expected.size();
    for (size_t i = 0; ok && i < actual.size(); ++i)
      ok = sameType(actual[i], expected[i]);
    if (!ok)
      fail(what + " has types " + typeList(actual) + ", expected " + typeList(expected));
  }
  void checkType(const Type& t, const TypeEnv& env) {
    for (const SubExp& d : t.shape)
      expect(d, kI64, env, "size");
  }
  const Type& arrayType(const VName& v, const TypeEnv& env) {
    use(v, env);
    const Type& t = env.at(v);
    if (!t.isArray())
      fail(v.str() + " is used as an array but has type " + t.str());
    return t;
  }

  void bindName(const VName& v, const Type& t, TypeEnv& env) {
    if (!seen_.insert(v).second)
      fail(v.str() + " is bound twice");
    env[v] = t;
  }
  /// The variables of an LMAD (sizes, existential offsets and strides) are i64 values in
  /// scope: an `if`'s or loop's existential components are bound before its array.
  void lmadVars(const Param& p, const TypeEnv& env) {
    for (const std::string& v : p.mem->lmad.freeVars()) {
      auto it = std::find_if(env.begin(), env.end(), [&](const auto& e) { return e.first.str() == v; });
      if (it == env.end())
        fail("the LMAD of " + p.name.str() + " uses " + v + ", which is not in scope");
      if (!(it->second == kI64))
        fail("the LMAD of " + p.name.str() + " uses " + v + ", which is not an i64");
    }
  }
  void bind(const Param& p, TypeEnv& env, bool requireMem) {
    checkType(p.type, env);
    if (p.mem) {
      if (stage_ != Stage::Mem)
        fail(p.name.str() + " has a memory annotation before the mem stage");
      use(p.mem->block, env);
      if (env.at(p.mem->block).kind != Type::Kind::Mem)
        fail(p.name.str() + " is annotated with " + p.mem->block.str() + ", which is not memory");
      lmadVars(p, env);
    } else if (requireMem && p.type.isArray()) {
      fail("array " + p.name.str() + " has no memory annotation");
    }
    bindName(p.name, p.type, env);
  }

  std::vector<Type> body(const Body& b, TypeEnv env, bool inKernel, TypeEnv* endEnv = nullptr) {
    std::string outer = stm_;
    for (const Stm& s : b.stms) {
      stm_ = firstLine(printStm(s));
      stmt(s, env, inKernel);
    }
    stm_ = outer;
    std::vector<Type> res;
    for (const SubExp& r : b.result)
      res.push_back(typeOf(r, env));
    if (endEnv)
      *endEnv = env;
    return res;
  }

  void stmt(const Stm& s, TypeEnv& env, bool inKernel) {
    std::vector<Type> ts;
    if (auto* i = std::get_if<If>(&s.exp))
      ts = ifStm(*i, s.pat, env, inKernel);
    else if (auto* l = std::get_if<Loop>(&s.exp))
      ts = loopStm(*l, s.pat, env, inKernel);
    else
      ts = exp(s.exp, env, inKernel);
    std::vector<Type> pat;
    for (const PatElem& p : s.pat)
      pat.push_back(p.type);
    expectTypes(pat, ts, "pattern");
    for (const PatElem& p : s.pat)
      bind(p, env, /*requireMem=*/stage_ == Stage::Mem);
  }

  void lambda(const Lambda& l, const std::vector<Type>& params, TypeEnv env, bool inKernel,
              const std::string& what) {
    std::vector<Type> actual;
    for (const Param& p : l.params)
      actual.push_back(p.type);
    expectTypes(actual, params, what + " parameters");
    // Views of array parameters may use the lambda's element index and, for a histogram's
    // operator, its bucket (ir/ElementIndex.h).
    if (stage_ == Stage::Mem && !l.params.empty()) {
      env[elementIndexName(l)] = kI64;
      env[bucketIndexName(l)] = kI64;
    }
    for (const Param& p : l.params)
      bind(p, env, /*requireMem=*/false);
    for (const Type& t : l.retTypes)
      checkType(t, env);
    expectTypes(body(l.body, env, inKernel), l.retTypes, what + " result");
  }

  /// Checks an operator and returns its operand types.
  std::vector<Type> redOp(const RedOp& r, const TypeEnv& env, bool inKernel) {
    size_t k = r.neutral.size();
    if (r.op.params.size() != 2 * k || r.op.retTypes.size() != k)
      fail("operator with " + std::to_string(k) + " neutral elements takes " +
           std::to_string(r.op.params.size()) + " parameters and returns " +
           std::to_string(r.op.retTypes.size()) + " values");
    std::vector<Type> ts;
    for (const SubExp& n : r.neutral)
      ts.push_back(typeOf(n, env));
    std::vector<Type> params = ts;
    params.insert(params.end(), ts.begin(), ts.end());
    lambda(r.op, params, env, inKernel, "operator");
    return ts;
  }

  void inputs(const SubExp& width, const std::vector<VName>& arrs, const TypeEnv& env) {
    expect(width, kI64, env, "width");
    for (const VName& a : arrs) {
      const Type& t = arrayType(a, env);
      if (!(t.shape.at(0) == width))
        fail("input " + a.str() + " : " + t.str() + " does not have outer size " + width.str());
    }
  }

  void screma(const Screma& s, const TypeEnv& env, bool inKernel) {
    inputs(s.width, s.inputs, env);
    lambda(s.map, rowTypes(s.inputs, env), env, inKernel, "map lambda");
    std::vector<Type> opTypes;
    for (const RedOp& r : s.scans)
      for (const Type& t : redOp(r, env, inKernel))
        opTypes.push_back(t);
    for (const RedOp& r : s.reds)
      for (const Type& t : redOp(r, env, inKernel))
        opTypes.push_back(t);
    if (s.map.retTypes.size() < opTypes.size())
      fail("map lambda returns fewer values than the operators take");
    std::vector<Type> prefix(s.map.retTypes.begin(), s.map.retTypes.begin() + opTypes.size());
    expectTypes(prefix, opTypes, "operator operands");
  }

  void soac(const Soac& s, const TypeEnv& env, bool inKernel) {
    if (auto* sc = std::get_if<Screma>(&s))
      return screma(*sc, env, inKernel);
    if (auto* h = std::get_if<Hist>(&s)) {
      inputs(h->width, h->inputs, env);
      for (const HistOp& o : h->ops) {
        expect(o.width, kI64, env, "histogram width");
        for (const VName& d : o.dests)
          arrayType(d, env);
        redOp(o.op, env, inKernel);
      }
      return lambda(h->bucketFn, rowTypes(h->inputs, env), env, inKernel, "bucket function");
    }
    if (auto* sc = std::get_if<Scatter>(&s)) {
      inputs(sc->width, sc->inputs, env);
      for (const VName& d : sc->dests)
        arrayType(d, env);
      return lambda(sc->fn, rowTypes(sc->inputs, env), env, inKernel, "scatter lambda");
    }
    const Stream& st = std::get<Stream>(s);
    inputs(st.width, st.inputs, env);
    for (const SubExp& a : st.accs)
      typeOf(a, env);
    for (const RedOp& r : st.reds)
      redOp(r, env, inKernel);
    // The stream lambda's parameters (chunk size, accumulators, chunks) have chunk-sized
    // types that depend on its first parameter; check its body only.
    TypeEnv inner = env;
    for (const Param& p : st.fn.params)
      bind(p, inner, false);
    expectTypes(body(st.fn.body, inner, inKernel), st.fn.retTypes, "stream lambda result");
  }

  void segOp(const SegOp& s, const TypeEnv& env) {
    TypeEnv inner = env;
    for (const auto& [v, extent] : s.space.dims)
      expect(extent, kI64, env, "segment extent");
    for (const RedOp& r : s.ops)
      redOp(r, env, true);
    for (const HistOp& h : s.histOps) {
      for (const VName& d : h.dests)
        arrayType(d, env);
      redOp(h.op, env, true);
    }
    bindName(s.space.flat, kI64, inner);
    for (const auto& [v, extent] : s.space.dims)
      bindName(v, kI64, inner);
    for (const Type& t : s.types)
      checkType(t, inner);
    if (!s.writeDests.empty())
      scatterDests(s, env);
    if (s.tile.block > 0)
      tiled(s);
    if (s.intra && (s.kind != SegOp::Kind::Map || !s.writeDests.empty() || s.tile.block > 0))
      fail("an intra-group SegOp must be an untiled SegMap without scatter destinations");
    if (s.kind != SegOp::Kind::Hist)
      expectTypes(body(s.body, inner, true), s.types, "kernel body result");
    else
      body(s.body, inner, true);
  }

  /// Note [Tiled SegMap]: a two-dimensional Map to one scalar per point, its body ending in
  /// a redomap; register tiles that divide the block tile.
  void tiled(const SegOp& s) {
    if (s.kind != SegOp::Kind::Map || s.space.dims.size() != 2 || !s.writeDests.empty())
      fail("a tiled SegOp must be a two-dimensional SegMap without scatter destinations");
    if (s.types.size() != 1 || s.types[0].isArray())
      fail("a tiled SegMap must return one scalar per point");
    if (s.tile.reg <= 0 || s.tile.block % s.tile.reg != 0)
      fail("a tiled SegMap's register tile must divide its block tile");
    const Op* op = s.body.stms.empty() ? nullptr : std::get_if<Op>(&s.body.stms.back().exp);
    const Soac* soac = op ? std::get_if<Soac>(op) : nullptr;
    if (!soac || !std::holds_alternative<Screma>(*soac))
      fail("a tiled SegMap's body must end in a redomap");
  }

  /// Note [Scattering SegMap]: a Map whose body returns one i64 index per destination,
  /// then one value per destination of the destination's element type.
  void scatterDests(const SegOp& s, const TypeEnv& env) {
    size_t k = s.writeDests.size();
    if (s.kind != SegOp::Kind::Map)
      fail("scatter destinations on a SegOp that is not a SegMap");
    if (s.types.size() != 2 * k)
      fail("a scattering SegMap must return an index and a value per destination");
    for (size_t j = 0; j < k; ++j) {
      const Type& d = arrayType(s.writeDests[j], env);
      if (d.rank() != 1)
        fail("scatter destination " + s.writeDests[j].str() + " is not one-dimensional");
      if (!sameType(s.types[j], kI64))
        fail("scatter index " + std::to_string(j) + " is not i64");
      if (!sameType(s.types[k + j], Type::prim(d.elem)))
        fail("scatter value " + std::to_string(j) + " does not match its destination");
    }
  }

  void basicOp(const BasicOp& op, const TypeEnv& env) {
    using K = BasicOp::Kind;
    auto nargs = [&](size_t n) {
      if (op.args.size() != n)
        fail("expected " + std::to_string(n) + " operands");
    };
    Type t = Type::prim(op.type);
    switch (op.kind) {
    case K::SubExp:
      nargs(1);
      typeOf(op.args[0], env);
      return;
    case K::UnOp:
    case K::Convert:
      nargs(1);
      return expect(op.args[0], t, env, "operand");
    case K::BinOp:
    case K::CmpOp:
      nargs(2);
      expect(op.args[0], t, env, "operand");
      return expect(op.args[1], t, env, "operand");
    case K::Call:
      for (const SubExp& a : op.args)
        expect(a, t, env, "argument");
      return;
    case K::Index:
    case K::Update: {
      const Type& at = arrayType(op.arr, env);
      if (static_cast<int>(op.slice.size()) > at.rank())
        fail("slice of " + std::to_string(op.slice.size()) + " dims on a rank-" +
             std::to_string(at.rank()) + " array");
      for (const DimIndex& d : op.slice) {
        if (d.fixed) {
          expect(d.index, kI64, env, "index");
          continue;
        }
        expect(d.start, kI64, env, "slice start");
        expect(d.count, kI64, env, "slice count");
        expect(d.stride, kI64, env, "slice stride");
      }
      if (op.kind == K::Update) {
        nargs(1);
        BasicOp idx = op;
        idx.kind = K::Index;
        expect(op.args[0], basicOpTypes(idx, env).at(0), env, "update value");
      }
      return;
    }
    case K::Iota:
      nargs(3);
      expect(op.args[0], kI64, env, "iota count");
      expect(op.args[1], t, env, "iota start");
      return expect(op.args[2], t, env, "iota step");
    case K::Replicate:
      nargs(1);
      typeOf(op.args[0], env);
      for (const SubExp& d : op.shape)
        expect(d, kI64, env, "replicate size");
      return;
    case K::Rearrange: {
      const Type& at = arrayType(op.arr, env);
      std::vector<int> sorted = op.perm;
      std::sort(sorted.begin(), sorted.end());
      for (size_t i = 0; i < sorted.size(); ++i)
        if (sorted[i] != static_cast<int>(i))
          fail("rearrange by a non-permutation");
      if (static_cast<int>(op.perm.size()) != at.rank())
        fail("rearrange permutation does not match the array's rank");
      return;
    }
    case K::Reshape:
      arrayType(op.arr, env);
      for (const SubExp& d : op.shape)
        expect(d, kI64, env, "reshape size");
      return;
    case K::Concat: {
      nargs(1);
      expect(op.args[0], kI64, env, "concat size");
      if (op.arrs.empty())
        fail("concat of no arrays");
      const Type& first = arrayType(op.arrs[0], env);
      for (const VName& a : op.arrs) {
        const Type& at = arrayType(a, env);
        if (at.elem != first.elem || at.rank() != first.rank())
          fail("concat of arrays of different element types or ranks");
      }
      return;
    }
    case K::Copy:
      arrayType(op.arr, env);
      return;
    case K::ArrayLit:
      checkType(op.rowType, env);
      for (const SubExp& a : op.args)
        expect(a, op.rowType, env, "array element");
      return;
    case K::Assert:
      nargs(1);
      return expect(op.args[0], kBool, env, "assertion");
    case K::CmpSize:
      nargs(1);
      if (op.threshold.empty())
        fail("cmp_size without a threshold name");
      return expect(op.args[0], kI64, env, "cmp_size parallelism");
    case K::DeviceLimit:
      nargs(0);
      return;
    case K::FlatIndex:
    case K::FlatUpdate: {
      size_t k = flatOffsetArg(op);
      if (op.args.size() < k + 3 || (op.args.size() - k) % 2 != 1)
        fail("flat op without an offset and (size, stride) pairs");
      for (size_t i = k; i < op.args.size(); ++i)
        expect(op.args[i], kI64, env, i == k ? "flat offset" : "flat size or stride");
      arrayType(op.arr, env);
      if (op.kind == K::FlatUpdate) {
        BasicOp view = op;
        view.kind = K::FlatIndex;
        view.args.erase(view.args.begin());
        expect(op.args[0], basicOpTypes(view, env).at(0), env, "flat update value");
      }
      return;
    }
    }
  }

  /// An `if`'s types may name i64 elements bound earlier in its own pattern (existential
  /// sizes, Note [Existential sizes in the IR] in internalise/InternaliseExistential.cpp);
  /// each branch's results match them with those names replaced by its own results.
  std::vector<Type> ifStm(const If& i, const std::vector<PatElem>& pat, const TypeEnv& env,
                          bool inKernel) {
    expect(i.cond, kBool, env, "condition");
    TypeEnv scope = env;
    for (size_t k = 0; k < i.types.size(); ++k) {
      checkType(i.types[k], scope);
      if (k < pat.size() && sameType(i.types[k], kI64))
        scope[pat[k].name] = kI64;
    }
    auto branch = [&](const Body& b, const std::string& what) {
      std::vector<Type> res = body(b, env, inKernel);
      if (res.size() != i.types.size() || b.result.size() != i.types.size())
        fail(what + " returns " + std::to_string(res.size()) + " values, expected " +
             std::to_string(i.types.size()));
      std::map<VName, SubExp> sub;
      for (size_t k = 0; k < pat.size() && k < b.result.size(); ++k)
        sub[pat[k].name] = b.result[k];
      expectTypes(res, substituteSizes(i.types, sub), what);
    };
    branch(i.thenBody, "then branch");
    branch(i.elseBody, "else branch");
    return i.types;
  }

  /// A merge parameter's type may name merge parameters before it (existential sizes):
  /// the initial values and the body's results match the types with those names replaced
  /// by the initial values and results, and the loop's result types with the pattern's names.
  std::vector<Type> loopStm(const Loop& l, const std::vector<PatElem>& pat, const TypeEnv& env,
                            bool inKernel) {
    TypeEnv inner = env;
    std::vector<Type> params;
    std::map<VName, SubExp> initSub, patSub;
    for (size_t k = 0; k < l.merge.size(); ++k) {
      const auto& [p, init] = l.merge[k];
      Type t = typeOf(init, env);
      if (!sameType(t, substituteSizes({p.type}, initSub).at(0)))
        fail("loop initial value " + init.str() + " has type " + t.str() + ", expected " +
             p.type.str());
      initSub[p.name] = init;
      if (k < pat.size())
        patSub[p.name] = pat[k].name;
      params.push_back(p.type);
    }
    if (l.kind == Loop::Kind::For)
      expect(l.bound, kI64, env, "loop bound");
    for (const auto& [p, init] : l.merge)
      bind(p, inner, false);
    if (l.kind == Loop::Kind::For) {
      bindName(l.iterator, kI64, inner);
    } else {
      use(l.whileCond, inner);
      if (!sameType(inner.at(l.whileCond), kBool))
        fail("while condition " + l.whileCond.str() + " is not bool");
    }
    std::map<VName, SubExp> resSub;
    for (size_t k = 0; k < l.merge.size() && k < l.body.result.size(); ++k)
      resSub[l.merge[k].first.name] = l.body.result[k];
    expectTypes(body(l.body, inner, inKernel), substituteSizes(params, resSub), "loop body");
    return substituteSizes(params, patSub);
  }

  std::vector<Type> exp(const Exp& e, const TypeEnv& env, bool inKernel) {
    if (auto* b = std::get_if<BasicOp>(&e)) {
      if (b->kind == BasicOp::Kind::CmpSize && (stage_ == Stage::Core || inKernel))
        fail("cmp_size outside host code of the gpu stage (Note [Thresholds])");
      if (b->kind == BasicOp::Kind::DeviceLimit && (stage_ == Stage::Core || inKernel))
        fail("device_limit outside host code of the gpu stage (Note [Device limits])");
      basicOp(*b, env);
      return basicOpTypes(*b, env);
    }
    if (std::holds_alternative<If>(e) || std::holds_alternative<Loop>(e))
      fail("an `if` or loop outside a statement");
    if (auto* a = std::get_if<Apply>(&e)) {
      for (const SubExp& x : a->args)
        typeOf(x, env);
      return a->retTypes;
    }
    const Op& op = std::get<Op>(e);
    if (auto* s = std::get_if<Soac>(&op)) {
      if (stage_ != Stage::Core && !inKernel)
        fail("a SOAC at host level after the gpu stage");
      soac(*s, env, inKernel);
      return soacTypes(*s, env);
    }
    if (auto* s = std::get_if<SegOp>(&op)) {
      if (stage_ == Stage::Core)
        fail("a SegOp before the gpu stage");
      if (inKernel)
        fail("a SegOp nested in a kernel");
      segOp(*s, env);
      return segOpTypes(*s, env);
    }
    const Alloc& al = std::get<Alloc>(op);
    if (stage_ != Stage::Mem)
      fail("an alloc before the mem stage");
    expect(al.bytes, kI64, env, "allocation size");
    return {Type::mem(al.space)};
  }
};

} // namespace

const char* stageName(Stage stage) {
  switch (stage) {
  case Stage::Core:
    return "core";
  case Stage::Gpu:
    return "gpu";
  case Stage::Mem:
    return "mem";
  case Stage::Imp:
    return "imp";
  }
  return "?";
}

void verify(const Prog& prog, Stage stage) {
  if (stage == Stage::Imp)
    internalError("verify(imp)", "the imp stage is the imperative IR, not core IR");
  for (const FunDef& f : prog.funs)
    Verifier(stage).funDef(f);
}

} // namespace fjord::ir
