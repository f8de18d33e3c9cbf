// Plain-text dump of the imperative IR (see Dump.h).
#include "imp/Dump.h"

namespace fjord::imp {

namespace {

const char* binSym(BinOpKind k) {
  switch (k) {
  case BinOpKind::Add: return "+";
  case BinOpKind::Sub: return "-";
  case BinOpKind::Mul: return "*";
  case BinOpKind::Div: return "/floor";
  case BinOpKind::Mod: return "%floor";
  case BinOpKind::Quot: return "/";
  case BinOpKind::Rem: return "%";
  case BinOpKind::Pow: return "**";
  case BinOpKind::Shl: return "<<";
  case BinOpKind::Shr: return ">>";
  case BinOpKind::LShr: return ">>>";
  case BinOpKind::And: return "&";
  case BinOpKind::Or: return "|";
  case BinOpKind::Xor: return "^";
  case BinOpKind::LogAnd: return "&&";
  case BinOpKind::LogOr: return "||";
  case BinOpKind::Min: return "min";
  case BinOpKind::Max: return "max";
  }
  return "?";
}

const char* cmpSym(CmpOpKind k) {
  switch (k) {
  case CmpOpKind::Eq: return "==";
  case CmpOpKind::Ne: return "!=";
  case CmpOpKind::Lt: return "<";
  case CmpOpKind::Le: return "<=";
  case CmpOpKind::Gt: return ">";
  case CmpOpKind::Ge: return ">=";
  }
  return "?";
}

std::string args(const std::vector<ExpRef>& as) {
  std::string s;
  for (const ExpRef& a : as)
    s += (s.empty() ? "" : ", ") + dump(*a);
  return s;
}

void block(const Block& b, int ind, std::string& out);

void stm(const Stm& s, int ind, std::string& out) {
  std::string pad(ind * 2, ' ');
  auto line = [&](const std::string& t) { out += pad + t + "\n"; };
  auto a = [&](size_t i) { return dump(*s.args.at(i)); };
  switch (s.kind) {
  case Stm::Kind::Comment: line("// " + s.text); return;
  case Stm::Kind::DeclareScalar:
    line(std::string(primName(s.type)) + " " + s.name + (s.args.empty() ? "" : " = " + a(0)) + ";");
    return;
  case Stm::Kind::DeclareArray:
    line(std::string(s.space == MemSpace::Shared ? "shared " : "") + primName(s.type) + " " +
         s.name + "[" + a(0) + "];");
    return;
  case Stm::Kind::Assign: line(s.name + " = " + a(0) + ";"); return;
  case Stm::Kind::Store: line(s.name + "[" + a(0) + "] = " + a(1) + ";"); return;
  case Stm::Kind::AtomicUpdate:
    line("atomic " + s.name + "[" + a(0) + "] " + binSym(s.binOp) + "= " + a(1) + ";");
    return;
  case Stm::Kind::AtomicCas:
    line(s.src + ", " + s.text + " = atomic_cas " + s.name + "[" + a(0) + "] (" + a(1) +
         " -> " + a(2) + ");");
    return;
  case Stm::Kind::If:
    line("if (" + a(0) + ") {");
    block(s.body, ind + 1, out);
    if (!s.elseBody.empty()) {
      line("} else {");
      block(s.elseBody, ind + 1, out);
    }
    line("}");
    return;
  case Stm::Kind::For:
    line("for (" + s.name + " < " + a(0) + ") {");
    block(s.body, ind + 1, out);
    line("}");
    return;
  case Stm::Kind::While:
    line("while (" + a(0) + ") {");
    block(s.body, ind + 1, out);
    line("}");
    return;
  case Stm::Kind::Barrier: line("barrier;"); return;
  case Stm::Kind::Break: line("break;"); return;
  case Stm::Kind::Alloc: line("alloc " + s.name + " (" + a(0) + " bytes);"); return;
  case Stm::Kind::Free: line("free " + s.name + ";"); return;
  case Stm::Kind::DeclareMem: line("mem " + s.name + ";"); return;
  case Stm::Kind::MoveMem: line(s.name + " <- move " + s.src + ";"); return;
  case Stm::Kind::CopyMem:
    line("copy " + s.name + "+" + a(0) + " <- " + s.src + "+" + a(1) + " (" + a(2) + " bytes);");
    return;
  case Stm::Kind::Launch: {
    std::string ka;
    for (const KernelArg& k : s.kernelArgs)
      ka += (ka.empty() ? "" : ", ") + (k.kind == Param::Kind::Mem ? k.mem : dump(*k.scalar));
    line("launch " + s.name + "<<<" + a(0) + ", " + a(1) + ">>>(" + ka + ");");
    return;
  }
  case Stm::Kind::ReadScalar:
    line(s.name + " = read " + s.src + "[" + a(0) + "];");
    return;
  case Stm::Kind::Error: line("if (" + a(0) + ") fail \"" + s.text + "\";"); return;
  case Stm::Kind::WriteScalar:
    line("write " + s.name + "[" + a(0) + "] = " + a(1) + ";");
    return;
  }
}

void block(const Block& b, int ind, std::string& out) {
  for (const Stm& s : b)
    stm(s, ind, out);
}

std::string params(const std::vector<Param>& ps) {
  std::string s;
  for (const Param& p : ps)
    s += (s.empty() ? "" : ", ") +
         (p.kind == Param::Kind::Mem ? std::string(p.written ? "mem " : "const mem ") : "") +
         primName(p.type) + " " + p.name;
  return s;
}

} // namespace

std::string dump(const Exp& e) {
  switch (e.kind) {
  case Exp::Kind::Const: return e.value.str();
  case Exp::Kind::Var: return e.name;
  case Exp::Kind::UnOp: return std::string(unOpName(e.unOp)) + "(" + args(e.args) + ")";
  case Exp::Kind::BinOp:
    if (e.binOp == BinOpKind::Min || e.binOp == BinOpKind::Max)
      return std::string(binSym(e.binOp)) + "(" + args(e.args) + ")";
    return "(" + dump(*e.args[0]) + " " + binSym(e.binOp) + " " + dump(*e.args[1]) + ")";
  case Exp::Kind::Cmp:
    return "(" + dump(*e.args[0]) + " " + cmpSym(e.cmpOp) + " " + dump(*e.args[1]) + ")";
  case Exp::Kind::Convert: return std::string(primName(e.type)) + "(" + args(e.args) + ")";
  case Exp::Kind::Call: return e.name + "(" + args(e.args) + ")";
  case Exp::Kind::Select:
    return "(" + dump(*e.args[0]) + " ? " + dump(*e.args[1]) + " : " + dump(*e.args[2]) + ")";
  case Exp::Kind::Load: return e.name + "[" + dump(*e.args[0]) + "]";
  case Exp::Kind::ThreadId: return "thread_id";
  case Exp::Kind::BlockId: return "block_id";
  case Exp::Kind::BlockSize: return "block_size";
  case Exp::Kind::NumBlocks: return "num_blocks";
  case Exp::Kind::Tuning: return "tuning(" + e.name + ")";
  }
  return "?";
}

std::string dump(const Kernel& k) {
  std::string out;
  for (const std::string& d : k.doc)
    out += "// " + d + "\n";
  out += "kernel " + k.name + "(" + params(k.params) + ") {\n";
  block(k.body, 1, out);
  return out + "}\n";
}

std::string dump(const Function& f) {
  std::string out;
  for (const std::string& d : f.doc)
    out += "// " + d + "\n";
  out += std::string(f.entry ? "entry " : "") + f.name + "(" + params(f.params) + ") -> (" +
         params(f.results) + ") {\n";
  block(f.body, 1, out);
  return out + "}\n";
}

std::string dump(const Program& p) {
  std::string out;
  for (const TuningParam& t : p.tuning)
    out += "tuning " + t.name + " = " + std::to_string(t.defaultValue) + "  // " + t.doc + "\n";
  for (const Kernel& k : p.kernels)
    out += "\n" + dump(k);
  for (const Function& f : p.functions)
    out += "\n" + dump(f);
  return out;
}

} // namespace fjord::imp
