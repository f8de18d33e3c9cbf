// The imperative IR's text form (the grammar is in Print.h).
#include "imp/Print.h"

#include "ir/Print.h"

namespace fjord::imp {

std::string binOpText(BinOpKind op) {
  switch (op) {
  case BinOpKind::Add: return "+";
  case BinOpKind::Sub: return "-";
  case BinOpKind::Mul: return "*";
  case BinOpKind::Quot: return "/";
  case BinOpKind::Rem: return "%";
  case BinOpKind::Shl: return "<<";
  case BinOpKind::Shr: return ">>";
  case BinOpKind::And: return "&";
  case BinOpKind::Or: return "|";
  case BinOpKind::Xor: return "^";
  case BinOpKind::LogAnd: return "&&";
  case BinOpKind::LogOr: return "||";
  default: return ir::binOpName(op); // div, mod, pow, lshr, min, max
  }
}

std::string cmpOpText(CmpOpKind op) {
  switch (op) {
  case CmpOpKind::Eq: return "==";
  case CmpOpKind::Ne: return "!=";
  case CmpOpKind::Lt: return "<";
  case CmpOpKind::Le: return "<=";
  case CmpOpKind::Gt: return ">";
  case CmpOpKind::Ge: return ">=";
  }
  return "?";
}

namespace {

/// `e` without the parentheses of an outermost operator, where the text around it already
/// delimits it (`if (a < b)`, `x = a + b;`, `xs[i + 1i64]`).
std::string bare(const ExpRef& e) {
  std::string text = printExp(*e);
  bool wrapped = e->kind == Exp::Kind::BinOp || e->kind == Exp::Kind::Cmp ||
                 e->kind == Exp::Kind::Select;
  return wrapped ? text.substr(1, text.size() - 2) : text;
}

std::string list(const std::vector<ExpRef>& es) {
  std::string out;
  for (const ExpRef& e : es)
    out += (out.empty() ? "" : ", ") + bare(e);
  return out;
}

std::string pad(int indent) { return std::string(static_cast<size_t>(indent), ' '); }

std::string param(const Param& p) {
  std::string mem = p.kind == Param::Kind::Mem ? (p.written ? "mem " : "const mem ") : "";
  return (p.noAlias ? "noalias " : "") + mem + primName(p.type) + " " + p.name;
}

std::string params(const std::vector<Param>& ps) {
  std::string out;
  for (const Param& p : ps)
    out += (out.empty() ? "" : ", ") + param(p);
  return out;
}

std::string spaceWord(MemSpace space) {
  switch (space) {
  case MemSpace::Shared: return "shared";
  case MemSpace::Device: return "private";
  case MemSpace::Host: return "host";
  }
  return "?";
}

/// `// line` per line of `text`, the second and later as `//| line`.
std::string commentLines(const std::string& text, int indent) {
  std::string out;
  size_t start = 0;
  for (bool first = true;; first = false) {
    size_t eol = text.find('\n', start);
    std::string line = text.substr(start, eol == std::string::npos ? eol : eol - start);
    out += pad(indent) + (first ? "//" : "//|") + (line.empty() ? "" : " " + line) + "\n";
    if (eol == std::string::npos)
      return out;
    start = eol + 1;
  }
}

std::string block(const Block& b, int indent) {
  std::string out = "{\n";
  for (const Stm& s : b)
    out += printStm(s, indent + 2);
  return out + pad(indent) + "}";
}

std::string header(const std::vector<std::string>& doc, const SourceSpan& span) {
  std::string out;
  for (const std::string& d : doc)
    out += "///" + (d.empty() ? "" : " " + d) + "\n";
  if (span.known())
    out += "#[span " + ir::printSpan(span) + "]\n";
  return out;
}

} // namespace

std::string printExp(const Exp& e) {
  auto arg = [&](size_t i) { return printExp(*e.args.at(i)); };
  switch (e.kind) {
  case Exp::Kind::Const: return e.value.str();
  case Exp::Kind::Var: return e.name;
  case Exp::Kind::UnOp:
    return std::string(ir::unOpName(e.unOp)) + "(" + bare(e.args.at(0)) + ")";
  case Exp::Kind::BinOp: return "(" + arg(0) + " " + binOpText(e.binOp) + " " + arg(1) + ")";
  case Exp::Kind::Cmp: return "(" + arg(0) + " " + cmpOpText(e.cmpOp) + " " + arg(1) + ")";
  case Exp::Kind::Convert:
    return std::string(primName(e.type)) + "(" + bare(e.args.at(0)) + ")";
  case Exp::Kind::Call:
    return "call." + e.name + "." + primName(e.type) + "(" + list(e.args) + ")";
  case Exp::Kind::Select: return "(" + arg(0) + " ? " + arg(1) + " : " + arg(2) + ")";
  case Exp::Kind::Load: return e.name + "[" + bare(e.args[0]) + "]";
  case Exp::Kind::ThreadId: return "thread_id()";
  case Exp::Kind::BlockId: return "block_id()";
  case Exp::Kind::BlockSize: return "block_size()";
  case Exp::Kind::NumBlocks: return "num_blocks()";
  case Exp::Kind::Tuning: return "tuning(" + ir::quoteString(e.name) + ")";
  case Exp::Kind::CmpSize: return "cmp_size(" + ir::quoteString(e.name) + ", " + bare(e.args[0]) + ")";
  case Exp::Kind::DeviceLimit: return "device_limit(" + e.name + ")";
  case Exp::Kind::LoadVolatile: return "volatile(" + e.name + "[" + bare(e.args[0]) + "])";
  case Exp::Kind::ForwardProgress: return "forward_progress()";
  case Exp::Kind::ShuffleDown: return "shuffle_down(" + list(e.args) + ")";
  case Exp::Kind::ShuffleUp: return "shuffle_up(" + list(e.args) + ")";
  case Exp::Kind::Lane: return "lane." + std::string(primName(e.type)) + "(" + e.name + ", " + std::to_string(e.args.at(0)->value.i) + ")";
  }
  return "?";
}

/// Launch and call arguments: expressions, and memory as `mem name`.
std::string kernelArgs(const std::vector<KernelArg>& args) {
  std::string out;
  for (const KernelArg& k : args)
    out += (out.empty() ? "" : ", ") +
           (k.kind == Param::Kind::Mem ? "mem " + k.mem : printExp(*k.scalar));
  return out;
}

std::string printStm(const Stm& s, int indent) {
  auto arg = [&](size_t i) { return bare(s.args.at(i)); };
  auto paren = [&](size_t i) { return printExp(*s.args.at(i)); };
  std::string type = primName(s.type);
  std::string line;
  switch (s.kind) {
  case Stm::Kind::Comment: return commentLines(s.text, indent);
  case Stm::Kind::DeclareScalar:
    line = type + " " + s.name + (s.args.empty() ? "" : " = " + arg(0)) + ";";
    break;
  case Stm::Kind::DeclareArray:
    line = spaceWord(s.space) + " " + type + " " + s.name + "[" + arg(0) + "];";
    break;
  case Stm::Kind::Assign: line = s.name + " = " + arg(0) + ";"; break;
  case Stm::Kind::Store: line = s.name + "[" + arg(0) + "] = " + arg(1) + ";"; break;
  case Stm::Kind::AtomicUpdate:
    line = "atomic " + std::string(ir::binOpName(s.binOp)) + "." + type + " " + s.name + "[" +
           arg(0) + "], " + arg(1) + ";";
    break;
  case Stm::Kind::AtomicCas:
    line = "atomic_cas." + type + " " + s.name + "[" + arg(0) + "], " + arg(1) + ", " + arg(2) +
           (s.src.empty() ? "" : " -> " + s.src + ", " + s.text) + ";";
    break;
  case Stm::Kind::If:
    line = "if (" + arg(0) + ") " + block(s.body, indent);
    if (!s.elseBody.empty())
      line += " else " + block(s.elseBody, indent);
    break;
  case Stm::Kind::For:
    line = "for " + (s.text.empty() ? "" : s.text + " ") + "(" + s.name + " < " + arg(0) + ") " + block(s.body, indent);
    break;
  case Stm::Kind::While: line = "while (" + arg(0) + ") " + block(s.body, indent); break;
  case Stm::Kind::Barrier: line = "barrier;"; break;
  case Stm::Kind::IfWarpShuffles:
    line = "if_warp_shuffles " + block(s.body, indent) + " else " + block(s.elseBody, indent);
    break;
  case Stm::Kind::LoadLanes:
    line = "load_lanes." + type + " " + s.name + "[" + arg(0) + "] <- " + s.src + "[" + arg(1) +
           "] below " + arg(2) + ";";
    break;
  case Stm::Kind::StoreLanes:
    line = "store_lanes." + type + " " + s.name + "[" + arg(0) + "] <- " + s.src + " below " +
           arg(1) + ";";
    break;
  case Stm::Kind::GroupReduce: // Note [Group reduction in Imp]
    line = "group_reduce." + type + " " + s.name + " in " + s.src + " (" + arg(0) + ", " + arg(1) +
           ", " + arg(2) + ") with " + s.text;
    if (s.body.empty()) {
      line += " = " + arg(3) + ";";
    } else {
      const Stm& o = s.elseBody.at(0);
      line += " and." + std::string(primName(o.type)) + " " + o.name + " in " + o.src + " (" +
              bare(o.args.at(0)) + ") with " + o.text + " " + block(s.body, indent);
    }
    break;
  case Stm::Kind::DeclareVector:
    line = "vector." + type + " " + s.name + " <- " + s.src + "[" + arg(0) + "];";
    break;
  case Stm::Kind::StoreVector:
    line = "store_vector." + type + " " + s.name + "[" + arg(0) + "] <- (" + arg(1) + ", " +
           arg(2) + ", " + arg(3) + ", " + arg(4) + ");";
    break;
  case Stm::Kind::Break: line = "break;"; break;
  case Stm::Kind::Alloc: line = "alloc " + s.name + " (" + arg(0) + " bytes);"; break;
  case Stm::Kind::Free: line = "free " + s.name + ";"; break;
  case Stm::Kind::DeclareMem: line = "mem " + s.name + ";"; break;
  case Stm::Kind::MoveMem: line = s.name + " <- move " + s.src + ";"; break;
  case Stm::Kind::CopyMem:
    line = "copy " + s.name + " + " + paren(0) + " <- " + s.src + " + " + paren(1) + " (" + arg(2) +
           " bytes);";
    break;
  case Stm::Kind::Launch:
    line = "launch " + s.name + "<<<" + paren(0) + ", " + paren(1) +
           (s.args.size() > 2 ? ", " + paren(2) : std::string()) + ">>>(" +
           kernelArgs(s.kernelArgs) + ");";
    break;
  case Stm::Kind::Call:
    line = "call " + s.name + "(" + kernelArgs(s.kernelArgs) + ") -> (" + kernelArgs(s.outs) + ");";
    break;
  case Stm::Kind::Return: line = "return " + list(s.args) + ";"; break;
  case Stm::Kind::ReadScalar:
    line = "read." + type + " " + s.name + " <- " + s.src + "[" + arg(0) + "];";
    break;
  case Stm::Kind::Error:
    line = "if (" + arg(0) + ") fail " + ir::quoteString(s.text) + ";";
    break;
  case Stm::Kind::WriteScalar:
    line = "write." + type + " " + s.name + "[" + arg(0) + "] <- " + arg(1) + ";";
    break;
  case Stm::Kind::StoreVolatile:
    line = "volatile " + s.name + "[" + arg(0) + "] = " + arg(1) + ";";
    break;
  case Stm::Kind::Fence: line = "fence;"; break;
  case Stm::Kind::AtomicFetchAdd:
    line = "atomic_fetch_add." + type + " " + s.name + "[" + arg(0) + "], " + arg(1) + " -> " +
           s.src + ";";
    break;
  }
  return pad(indent) + line + "\n";
}

std::string printKernel(const Kernel& k) {
  std::string bound = k.maxBlockSize ? "max_block " + std::to_string(k.maxBlockSize) + " " : "";
  return header(k.doc, k.span) + "kernel " + k.name + "(" + params(k.params) + ") " + bound +
         block(k.body, 0) + "\n";
}

std::string printFunction(const Function& f) {
  std::string out = header(f.doc, f.span);
  if (f.entry)
    out += "#[entry(" + ir::printEntryValues(f.entryParams) + ") -> (" +
           ir::printEntryValues(f.entryResults) + ")]\n";
  return out + (f.entry ? "entry " : f.device ? "device fun " : "fun ") + f.name + "(" + params(f.params) + ") -> (" +
         params(f.results) + ") " + block(f.body, 0) + "\n";
}

std::string printProgram(const Program& p) {
  std::string out = "source " + ir::quoteString(p.sourcePath) + ";\n";
  if (!p.tuning.empty())
    out += "\n";
  for (const TuningParam& t : p.tuning)
    out += "tuning " + ir::quoteString(t.name) + " = " + std::to_string(t.defaultValue) + " " +
           ir::quoteString(t.doc) + ";\n";
  for (const Function& f : p.deviceFunctions)
    out += "\n" + printFunction(f);
  for (const Kernel& k : p.kernels)
    out += "\n" + printKernel(k);
  for (const Function& f : p.functions)
    out += "\n" + printFunction(f);
  return out;
}

} // namespace fjord::imp
