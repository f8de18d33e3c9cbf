// The core IR printer (see Print.h for the grammar it follows).
#include "ir/Print.h"

#include "ir/MemInfo.h"

#include <sstream>

namespace fjord::ir {

std::string quoteString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

namespace {

template <typename T, typename F>
std::string join(const std::vector<T>& xs, F&& f, const char* sep = ", ") {
  std::string out;
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i)
      out += sep;
    out += f(xs[i]);
  }
  return out;
}

std::string subExps(const std::vector<SubExp>& ses) {
  return join(ses, [](const SubExp& s) { return s.str(); });
}
std::string vnames(const std::vector<VName>& vs) {
  return join(vs, [](const VName& v) { return v.str(); });
}
std::string types(const std::vector<Type>& ts) {
  return "{" + join(ts, [](const Type& t) { return t.str(); }) + "}";
}
std::string shapeStr(const Shape& s) {
  std::string out;
  for (const SubExp& d : s)
    out += "[" + d.str() + "]";
  return out;
}
std::string pad(int n) { return std::string(static_cast<size_t>(n), ' '); }

const char* spaceName(MemSpace s) {
  switch (s) {
  case MemSpace::Host:
    return "host";
  case MemSpace::Device:
    return "device";
  case MemSpace::Shared:
    return "shared";
  }
  return "?";
}

std::string dimIndex(const DimIndex& d) {
  if (d.fixed)
    return d.index.str();
  return d.start.str() + " :+ " + d.count.str() + " * " + d.stride.str();
}

/// `[o + {(n1 : s1), ...}]` of a FlatIndex / FlatUpdate.
std::string flatLmad(const BasicOp& op) {
  size_t k = flatOffsetArg(op);
  std::string s = "[" + op.args.at(k).str() + " + {";
  for (size_t d = 0; d < flatRank(op); ++d)
    s += (d ? ", (" : "(") + op.args.at(k + 1 + 2 * d).str() + " : " +
         op.args.at(k + 2 + 2 * d).str() + ")";
  return s + "}]";
}

std::string basicOp(const BasicOp& op) {
  using K = BasicOp::Kind;
  std::string t = primName(op.type);
  switch (op.kind) {
  case K::SubExp:
    return op.args.at(0).str();
  case K::UnOp:
    return std::string(unOpName(op.unOp)) + "." + t + " " + op.args.at(0).str();
  case K::BinOp:
    return std::string(binOpName(op.binOp)) + "." + t + " " + op.args.at(0).str() + " " +
           op.args.at(1).str();
  case K::CmpOp:
    return std::string(cmpOpName(op.cmpOp)) + "." + t + " " + op.args.at(0).str() + " " +
           op.args.at(1).str();
  case K::Convert:
    return "convert." + t + "." + primName(op.toType) + " " + op.args.at(0).str();
  case K::Call:
    return "call." + op.fn + "." + t + "(" + subExps(op.args) + ")";
  case K::Index:
    return op.arr.str() + printSlice(op.slice);
  case K::Update:
    return op.arr.str() + " with " + printSlice(op.slice) + " = " + op.args.at(0).str();
  case K::Iota:
    return "iota." + t + " " + subExps(op.args);
  case K::Replicate:
    return "replicate " + shapeStr(op.shape) + " " + op.args.at(0).str();
  case K::Rearrange:
    return "rearrange (" + join(op.perm, [](int p) { return std::to_string(p); }) + ") " +
           op.arr.str();
  case K::Reshape:
    return "reshape " + shapeStr(op.shape) + " " + op.arr.str();
  case K::Concat:
    return "concat " + op.args.at(0).str() + " (" + vnames(op.arrs) + ")";
  case K::Copy:
    return "copy " + op.arr.str();
  case K::ArrayLit:
    return "array " + op.rowType.str() + " [" + subExps(op.args) + "]";
  case K::Assert:
    return "assert " + op.args.at(0).str() + " " + quoteString(op.message);
  case K::FlatIndex:
    return op.arr.str() + flatLmad(op);
  case K::FlatUpdate:
    return op.arr.str() + " with " + flatLmad(op) + " = " + op.args.at(0).str();
  case K::CmpSize:
    return "cmp_size(" + quoteString(op.threshold) + ", " + thresholdClassName(op.thresholdClass) +
           ") <= " + op.args.at(0).str();
  case K::DeviceLimit:
    return std::string("device_limit(") + deviceLimitName(op.limit) + ")";
  }
  return "?";
}

std::string redOp(const RedOp& r, int indent) {
  return std::string("(") + (r.commutative ? "commutative " : "") + printLambda(r.op, indent) +
         ", {" + subExps(r.neutral) + "})";
}

std::string redOps(const std::vector<RedOp>& ops, int indent) {
  if (ops.empty())
    return "{}";
  std::string out = "{";
  for (size_t i = 0; i < ops.size(); ++i)
    out += (i ? ",\n" : "\n") + pad(indent + 2) + redOp(ops[i], indent + 2);
  return out + "\n" + pad(indent) + "}";
}

std::string histOps(const std::vector<HistOp>& ops, int indent) {
  std::string out = "{";
  for (size_t i = 0; i < ops.size(); ++i)
    out += (i ? ",\n" : "\n") + pad(indent + 2) + "(" + ops[i].width.str() + ", {" +
           vnames(ops[i].dests) + "}, " + redOp(ops[i].op, indent + 2) + ")";
  return out + "\n" + pad(indent) + "}";
}

std::string soac(const Soac& s, int indent) {
  std::string nl = "\n" + pad(indent + 2);
  if (auto* sc = std::get_if<Screma>(&s))
    return "screma(" + sc->width.str() + ", {" + vnames(sc->inputs) + "})" + nl + "map " +
           printLambda(sc->map, indent + 2) + nl + "scan " + redOps(sc->scans, indent + 2) + nl +
           "reduce " + redOps(sc->reds, indent + 2);
  if (auto* h = std::get_if<Hist>(&s))
    return "hist(" + h->width.str() + ", {" + vnames(h->inputs) + "})" + nl + "ops " +
           histOps(h->ops, indent + 2) + nl + "bucket " + printLambda(h->bucketFn, indent + 2);
  if (auto* sc = std::get_if<Scatter>(&s))
    return "scatter(" + sc->width.str() + ", {" + vnames(sc->inputs) + "}, {" +
           vnames(sc->dests) + "})" + nl + printLambda(sc->fn, indent + 2);
  const Stream& st = std::get<Stream>(s);
  switch (st.kind) {
  case Stream::Kind::Map:
    return "stream_map(" + st.width.str() + ", {" + vnames(st.inputs) + "})" + nl +
           printLambda(st.fn, indent + 2);
  case Stream::Kind::Red:
    return "stream_red(" + st.width.str() + ", {" + vnames(st.inputs) + "})" + nl + "reduce " +
           redOps(st.reds, indent + 2) + nl + printLambda(st.fn, indent + 2);
  case Stream::Kind::Seq:
    return "stream_seq(" + st.width.str() + ", {" + vnames(st.inputs) + "}, {" +
           subExps(st.accs) + "})" + nl + printLambda(st.fn, indent + 2);
  }
  return "?";
}

std::string segOp(const SegOp& op, int indent) {
  const char* name = "segmap";
  switch (op.kind) {
  case SegOp::Kind::Map:
    break;
  case SegOp::Kind::Red:
    name = "segred";
    break;
  case SegOp::Kind::Scan:
    name = "segscan";
    break;
  case SegOp::Kind::Hist:
    name = "seghist";
    break;
  }
  std::string out = std::string(name) + "(" + op.space.flat.str() + ";";
  for (size_t i = 0; i < op.space.dims.size(); ++i)
    out += (i ? ", " : " ") + op.space.dims[i].first.str() + " < " +
           op.space.dims[i].second.str();
  out += ")";
  std::string nl = "\n" + pad(indent + 2);
  if (op.kind == SegOp::Kind::Red || op.kind == SegOp::Kind::Scan)
    out += nl + "ops " + redOps(op.ops, indent + 2);
  if (op.kind == SegOp::Kind::Hist)
    out += nl + "ops " + histOps(op.histOps, indent + 2);
  if (!op.writeDests.empty())
    out += nl + "scatter into {" + vnames(op.writeDests) + "}";
  if (op.tile.block > 0) // Note [Tiled SegMap]
    out += nl + "tiled " + std::to_string(op.tile.block) + " " + std::to_string(op.tile.reg);
  if (op.intra) // Note [Intra-group SegMap]
    out += nl + "intra_group";
  return out + nl + ": " + types(op.types) + " " + printBody(op.body, indent + 2);
}

std::string exp(const Exp& e, int indent) {
  if (auto* b = std::get_if<BasicOp>(&e))
    return basicOp(*b);
  if (auto* i = std::get_if<If>(&e))
    return "if " + i->cond.str() + "\n" + pad(indent + 2) + "then " +
           printBody(i->thenBody, indent + 2) + "\n" + pad(indent + 2) + "else " +
           printBody(i->elseBody, indent + 2) + "\n" + pad(indent + 2) + ": " + types(i->types);
  if (auto* l = std::get_if<Loop>(&e)) {
    std::string out = "loop {" + join(l->merge, [](const std::pair<Param, SubExp>& m) {
                        return printParam(m.first) + " = " + m.second.str();
                      }) + "}";
    if (l->kind == Loop::Kind::For)
      out += " for " + l->iterator.str() + " < " + l->bound.str();
    else
      out += " while " + l->whileCond.str();
    return out + " do " + printBody(l->body, indent);
  }
  if (auto* a = std::get_if<Apply>(&e))
    return "apply " + a->fn + "(" + subExps(a->args) + ") : " + types(a->retTypes);
  const Op& op = std::get<Op>(e);
  if (auto* s = std::get_if<Soac>(&op))
    return soac(*s, indent);
  if (auto* s = std::get_if<SegOp>(&op))
    return segOp(*s, indent);
  const Alloc& al = std::get<Alloc>(op);
  return "alloc(" + al.bytes.str() + ", " + spaceName(al.space) + ")";
}

std::string spanStr(const SourceSpan& s) { return s.known() ? " " + printSpan(s) : ""; }

} // namespace

std::string printSpan(const SourceSpan& s) {
  if (!s.known())
    return "";
  return s.file->path + ":" + std::to_string(s.line) + ":" + std::to_string(s.col) + "-" +
         std::to_string(s.endLine) + ":" + std::to_string(s.endCol);
}

std::string printEntryValues(const std::vector<EntryValue>& vs) {
  return join(vs, [](const EntryValue& v) {
    std::string t = v.unique ? "*" : "";
    for (int i = 0; i < v.rank; ++i)
      t += "[]";
    return v.name + ": " + t + primName(v.elem);
  });
}

std::string printSlice(const Slice& slice) {
  return "[" + join(slice, dimIndex) + "]";
}

std::string printParam(const Param& p) {
  std::string out = p.name.str() + " : " + p.type.str();
  if (p.mem)
    out += " @" + p.mem->block.str() + " -> " + p.mem->lmad.str();
  return out;
}

std::string printLambda(const Lambda& lam, int indent) {
  return "\\(" + join(lam.params, printParam) + ") : " + types(lam.retTypes) + " -> " +
         printBody(lam.body, indent);
}

std::string printExp(const Exp& e, int indent) { return exp(e, indent); }

std::string printStm(const Stm& stm, int indent) {
  std::string out;
  if (!stm.prov.attrs.empty()) {
    out += pad(indent) + "#[attrs";
    for (const std::string& a : stm.prov.attrs)
      out += " " + quoteString(a);
    out += "]\n";
  }
  if (!stm.prov.what.empty() || stm.prov.span.known())
    out += pad(indent) + "#[prov " + quoteString(stm.prov.what) + spanStr(stm.prov.span) + "]\n";
  return out + pad(indent) + "let {" + join(stm.pat, printParam) + "} = " + exp(stm.exp, indent);
}

std::string printBody(const Body& body, int indent) {
  std::string out = "{\n";
  for (const Stm& s : body.stms)
    out += printStm(s, indent + 2) + "\n";
  return out + pad(indent + 2) + "in {" + subExps(body.result) + "}\n" + pad(indent) + "}";
}

std::string printFunDef(const FunDef& f) {
  std::string out;
  if (f.span.known())
    out += "#[span" + spanStr(f.span) + "]\n";
  if (f.inlineHint != InlineHint::Default)
    out += f.inlineHint == InlineHint::Always ? "#[inline]\n" : "#[noinline]\n";
  if (f.recursive)
    out += "#[recursive]\n";
  if (f.entry)
    out += "#[entry(" + printEntryValues(f.entryParams) + ") -> (" + printEntryValues(f.entryResults) +
           ")]\n";
  out += std::string(f.entry ? "entry " : "fun ") + f.name + "(" + join(f.params, printParam) +
         ") : " + types(f.retTypes) + " = " + printBody(f.body, 0) + "\n";
  return out;
}

std::string printProg(const Prog& prog) {
  std::string out;
  for (size_t i = 0; i < prog.funs.size(); ++i)
    out += (i ? "\n" : "") + printFunDef(prog.funs[i]);
  return out;
}

} // namespace fjord::ir
