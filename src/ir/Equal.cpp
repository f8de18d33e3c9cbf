// Structural equality of core IR (see Equal.h for what counts as equal). One comparer walks
// both trees in step and records a path to the first difference, for readable test failures.
#include "ir/Equal.h"

#include "ir/MemInfo.h"
#include "ir/Print.h"

namespace fjord::ir {
namespace {

class Comparer {
public:
  std::string why;

  bool prog(const Prog& a, const Prog& b) {
    return list(a.funs, b.funs, "functions", [&](const FunDef& x, const FunDef& y) {
      Scope s(*this, "function " + x.name);
      return funDef(x, y);
    });
  }

  bool funDef(const FunDef& a, const FunDef& b) {
    if (a.name != b.name || a.entry != b.entry)
      return differ("names or entry flags differ");
    if (a.inlineHint != b.inlineHint || a.recursive != b.recursive)
      return differ("inline attributes differ");
    return list(a.params, b.params, "parameters", [&](auto& x, auto& y) { return param(x, y); }) &&
           list(a.retTypes, b.retTypes, "return types",
                [&](auto& x, auto& y) { return type(x, y); }) &&
           span(a.span, b.span) &&
           list(a.entryParams, b.entryParams, "entry parameters",
                [&](auto& x, auto& y) { return entryValue(x, y); }) &&
           list(a.entryResults, b.entryResults, "entry results",
                [&](auto& x, auto& y) { return entryValue(x, y); }) &&
           body(a.body, b.body);
  }

  bool body(const Body& a, const Body& b) {
    if (a.stms.size() != b.stms.size())
      return differ("statement counts differ (" + std::to_string(a.stms.size()) + " vs " +
                    std::to_string(b.stms.size()) + ")");
    for (size_t i = 0; i < a.stms.size(); ++i) {
      Scope s(*this, "statement " + std::to_string(i) + " `" + firstLine(a.stms[i]) + "`");
      if (!stm(a.stms[i], b.stms[i]))
        return false;
    }
    return subExps(a.result, b.result, "body results");
  }

  bool lambda(const Lambda& a, const Lambda& b) {
    Scope s(*this, "lambda");
    return list(a.params, b.params, "lambda parameters",
                [&](auto& x, auto& y) { return param(x, y); }) &&
           list(a.retTypes, b.retTypes, "lambda return types",
                [&](auto& x, auto& y) { return type(x, y); }) &&
           body(a.body, b.body);
  }

  bool exp(const Exp& a, const Exp& b) {
    if (a.index() != b.index())
      return differ("expression kinds differ");
    if (auto* x = std::get_if<BasicOp>(&a))
      return basicOp(*x, std::get<BasicOp>(b));
    if (auto* x = std::get_if<If>(&a)) {
      const If& y = std::get<If>(b);
      return subExp(x->cond, y.cond) && body(x->thenBody, y.thenBody) &&
             body(x->elseBody, y.elseBody) && types(x->types, y.types);
    }
    if (auto* x = std::get_if<Loop>(&a))
      return loop(*x, std::get<Loop>(b));
    if (auto* x = std::get_if<Apply>(&a)) {
      const Apply& y = std::get<Apply>(b);
      if (x->fn != y.fn)
        return differ("applied functions differ");
      return subExps(x->args, y.args, "arguments") && types(x->retTypes, y.retTypes);
    }
    return op(std::get<Op>(a), std::get<Op>(b));
  }

private:
  /// Pushes a step of the path to the current node for as long as it lives.
  struct Scope {
    Comparer& c;
    Scope(Comparer& c, std::string step) : c(c) { c.path_.push_back(std::move(step)); }
    ~Scope() { c.path_.pop_back(); }
  };

  bool differ(const std::string& what) {
    if (why.empty()) {
      for (const std::string& step : path_)
        why += step + ": ";
      why += what;
    }
    return false;
  }

  static std::string firstLine(const Stm& s) {
    std::string text = printStm(s);
    if (text.rfind("#[", 0) == 0)
      text = text.substr(text.find('\n') + 1);
    return text.substr(0, text.find('\n'));
  }

  template <typename T, typename F>
  bool list(const std::vector<T>& a, const std::vector<T>& b, const char* what, F&& same) {
    if (a.size() != b.size())
      return differ(std::string(what) + ": lengths differ (" + std::to_string(a.size()) + " vs " +
                    std::to_string(b.size()) + ")");
    for (size_t i = 0; i < a.size(); ++i)
      if (!same(a[i], b[i]))
        return false;
    return true;
  }

  bool value(const PrimValue& a, const PrimValue& b) {
    // Compared as printed: at the type's precision (see Equal.h).
    if (a.type != b.type || a.str() != b.str())
      return differ("constants differ: " + a.str() + " vs " + b.str());
    return true;
  }

  bool vname(const VName& a, const VName& b) {
    return a == b || differ("variables differ: " + a.str() + " vs " + b.str());
  }

  bool subExp(const SubExp& a, const SubExp& b) {
    if (a.isVar() != b.isVar())
      return differ("operands differ: " + a.str() + " vs " + b.str());
    return a.isVar() ? vname(a.var(), b.var()) : value(a.constant(), b.constant());
  }

  bool subExps(const std::vector<SubExp>& a, const std::vector<SubExp>& b, const char* what) {
    return list(a, b, what, [&](auto& x, auto& y) { return subExp(x, y); });
  }
  bool vnames(const std::vector<VName>& a, const std::vector<VName>& b, const char* what) {
    return list(a, b, what, [&](auto& x, auto& y) { return vname(x, y); });
  }

  bool type(const Type& a, const Type& b) {
    bool same = a.kind == b.kind;
    if (same && a.kind == Type::Kind::Mem)
      same = a.space == b.space;
    if (same && a.kind != Type::Kind::Mem)
      same = a.elem == b.elem;
    if (same && a.kind == Type::Kind::Array)
      same = a.unique == b.unique && a.shape.size() == b.shape.size();
    if (!same)
      return differ("types differ: " + a.str() + " vs " + b.str());
    return a.kind != Type::Kind::Array || subExps(a.shape, b.shape, "array shape");
  }
  bool types(const std::vector<Type>& a, const std::vector<Type>& b) {
    return list(a, b, "types", [&](auto& x, auto& y) { return type(x, y); });
  }

  bool param(const Param& a, const Param& b) {
    if (!vname(a.name, b.name) || !type(a.type, b.type))
      return false;
    if (!a.mem || !b.mem) {
      if (a.mem || b.mem)
        return differ("only one of " + a.name.str() + " has a memory annotation");
      return true;
    }
    if (!(a.mem->block == b.mem->block) || a.mem->lmad != b.mem->lmad)
      return differ("memory annotations of " + a.name.str() + " differ: " + printParam(a) + " vs " +
                    printParam(b));
    return true;
  }

  bool span(const SourceSpan& a, const SourceSpan& b) {
    if (!a.known() && !b.known())
      return true;
    bool same = a.known() && b.known() && a.file->path == b.file->path && a.line == b.line &&
                a.col == b.col && a.endLine == b.endLine && a.endCol == b.endCol;
    return same || differ("source spans differ: " + a.str() + " vs " + b.str());
  }

  bool entryValue(const EntryValue& a, const EntryValue& b) {
    bool same = a.name == b.name && a.elem == b.elem && a.rank == b.rank && a.unique == b.unique;
    return same || differ("entry values " + a.name + " and " + b.name + " differ");
  }

  bool stm(const Stm& a, const Stm& b) {
    if (a.prov.what != b.prov.what)
      return differ("provenance words differ: \"" + a.prov.what + "\" vs \"" + b.prov.what + "\"");
    if (a.prov.attrs != b.prov.attrs)
      return differ("statements' attributes differ");
    return span(a.prov.span, b.prov.span) &&
           list(a.pat, b.pat, "pattern", [&](auto& x, auto& y) { return param(x, y); }) &&
           exp(a.exp, b.exp);
  }

  bool dimIndex(const DimIndex& a, const DimIndex& b) {
    if (a.fixed != b.fixed)
      return differ("slices differ in fixed and ranged dimensions");
    if (a.fixed)
      return subExp(a.index, b.index);
    return subExp(a.start, b.start) && subExp(a.count, b.count) && subExp(a.stride, b.stride);
  }

  bool basicOp(const BasicOp& a, const BasicOp& b) {
    using K = BasicOp::Kind;
    if (a.kind != b.kind)
      return differ("basic operations of different kinds");
    bool same = true;
    switch (a.kind) {
    case K::UnOp:
      same = a.unOp == b.unOp && a.type == b.type;
      break;
    case K::BinOp:
      same = a.binOp == b.binOp && a.type == b.type;
      break;
    case K::CmpOp:
      same = a.cmpOp == b.cmpOp && a.type == b.type;
      break;
    case K::Convert:
      same = a.type == b.type && a.toType == b.toType;
      break;
    case K::Call:
      same = a.fn == b.fn && a.type == b.type;
      break;
    case K::Iota:
      same = a.type == b.type;
      break;
    case K::Index:
    case K::Update:
    case K::Copy:
    case K::FlatIndex:
    case K::FlatUpdate:
      same = a.arr == b.arr;
      break;
    case K::Rearrange:
      same = a.arr == b.arr && a.perm == b.perm;
      break;
    case K::Reshape:
      same = a.arr == b.arr;
      break;
    case K::Concat:
      same = a.arrs == b.arrs;
      break;
    case K::Assert:
      same = a.message == b.message;
      break;
    case K::CmpSize:
      same = a.threshold == b.threshold && a.thresholdClass == b.thresholdClass;
      break;
    case K::DeviceLimit:
      same = a.limit == b.limit;
      break;
    case K::SubExp:
    case K::Replicate:
    case K::ArrayLit:
      break;
    }
    if (!same)
      return differ("basic operations differ: " + printExp(a) + " vs " + printExp(b));
    if (a.kind == K::ArrayLit && !type(a.rowType, b.rowType))
      return false;
    if ((a.kind == K::Replicate || a.kind == K::Reshape) && !subExps(a.shape, b.shape, "shape"))
      return false;
    if ((a.kind == K::Index || a.kind == K::Update) &&
        !list(a.slice, b.slice, "slice", [&](auto& x, auto& y) { return dimIndex(x, y); }))
      return false;
    return subExps(a.args, b.args, "operands");
  }

  bool loop(const Loop& a, const Loop& b) {
    if (a.kind != b.kind)
      return differ("for and while loops");
    bool header = a.kind == Loop::Kind::For
                      ? vname(a.iterator, b.iterator) && subExp(a.bound, b.bound)
                      : vname(a.whileCond, b.whileCond);
    return header &&
           list(a.merge, b.merge, "loop parameters",
                [&](auto& x, auto& y) {
                  return param(x.first, y.first) && subExp(x.second, y.second);
                }) &&
           body(a.body, b.body);
  }

  bool redOp(const RedOp& a, const RedOp& b) {
    if (a.commutative != b.commutative)
      return differ("commutativity differs");
    return lambda(a.op, b.op) && subExps(a.neutral, b.neutral, "neutral elements");
  }
  bool redOps(const std::vector<RedOp>& a, const std::vector<RedOp>& b, const char* what) {
    return list(a, b, what, [&](auto& x, auto& y) { return redOp(x, y); });
  }
  bool histOps(const std::vector<HistOp>& a, const std::vector<HistOp>& b) {
    return list(a, b, "histogram operators", [&](auto& x, auto& y) {
      return subExp(x.width, y.width) && vnames(x.dests, y.dests, "destinations") &&
             redOp(x.op, y.op);
    });
  }

  bool soac(const Soac& a, const Soac& b) {
    if (a.index() != b.index())
      return differ("SOACs of different kinds");
    if (auto* x = std::get_if<Screma>(&a)) {
      const Screma& y = std::get<Screma>(b);
      return subExp(x->width, y.width) && vnames(x->inputs, y.inputs, "inputs") &&
             lambda(x->map, y.map) && redOps(x->scans, y.scans, "scans") &&
             redOps(x->reds, y.reds, "reductions");
    }
    if (auto* x = std::get_if<Hist>(&a)) {
      const Hist& y = std::get<Hist>(b);
      return subExp(x->width, y.width) && vnames(x->inputs, y.inputs, "inputs") &&
             histOps(x->ops, y.ops) && lambda(x->bucketFn, y.bucketFn);
    }
    if (auto* x = std::get_if<Scatter>(&a)) {
      const Scatter& y = std::get<Scatter>(b);
      return subExp(x->width, y.width) && vnames(x->inputs, y.inputs, "inputs") &&
             vnames(x->dests, y.dests, "destinations") && lambda(x->fn, y.fn);
    }
    const Stream& x = std::get<Stream>(a);
    const Stream& y = std::get<Stream>(b);
    if (x.kind != y.kind)
      return differ("streams of different kinds");
    return subExp(x.width, y.width) && vnames(x.inputs, y.inputs, "inputs") &&
           subExps(x.accs, y.accs, "accumulators") && redOps(x.reds, y.reds, "reductions") &&
           lambda(x.fn, y.fn);
  }

  bool segOp(const SegOp& a, const SegOp& b) {
    if (a.kind != b.kind)
      return differ("SegOps of different kinds");
    if (a.tile != b.tile)
      return differ("SegOps of different tilings");
    if (a.intra != b.intra)
      return differ("SegOps of different levels (intra-group or not)");
    if (!vname(a.space.flat, b.space.flat) ||
        !list(a.space.dims, b.space.dims, "segment space", [&](auto& x, auto& y) {
          return vname(x.first, y.first) && subExp(x.second, y.second);
        }))
      return false;
    return redOps(a.ops, b.ops, "operators") && histOps(a.histOps, b.histOps) &&
           types(a.types, b.types) && vnames(a.writeDests, b.writeDests, "scatter destinations") &&
           body(a.body, b.body);
  }

  bool op(const Op& a, const Op& b) {
    if (a.index() != b.index())
      return differ("operations of different kinds");
    if (auto* x = std::get_if<Soac>(&a))
      return soac(*x, std::get<Soac>(b));
    if (auto* x = std::get_if<SegOp>(&a))
      return segOp(*x, std::get<SegOp>(b));
    const Alloc& x = std::get<Alloc>(a);
    const Alloc& y = std::get<Alloc>(b);
    if (x.space != y.space)
      return differ("allocation spaces differ");
    return subExp(x.bytes, y.bytes);
  }

  std::vector<std::string> path_;
};

template <typename F> bool compare(std::string* why, F&& f) {
  Comparer c;
  bool same = f(c);
  if (why)
    *why = c.why;
  return same;
}

} // namespace

bool equalProgs(const Prog& a, const Prog& b, std::string* why) {
  return compare(why, [&](Comparer& c) { return c.prog(a, b); });
}
bool equalBodies(const Body& a, const Body& b, std::string* why) {
  return compare(why, [&](Comparer& c) { return c.body(a, b); });
}
bool equalLambdas(const Lambda& a, const Lambda& b, std::string* why) {
  return compare(why, [&](Comparer& c) { return c.lambda(a, b); });
}
bool equalExps(const Exp& a, const Exp& b, std::string* why) {
  return compare(why, [&](Comparer& c) { return c.exp(a, b); });
}

} // namespace fjord::ir
