// The imperative IR's text read back (see Parse.h; the grammar is in Print.h). It shares the
// core IR's lexer (in its Imp syntax) and token helpers through an ir::parse::Parser.
#include "imp/Parse.h"

#include "imp/Print.h"
#include "ir/Parser.h"

#include <charconv>
#include <map>

namespace fjord::imp {
namespace {

using ir::parse::Abort;
using ir::parse::Token;

/// What a name in scope stands for: a scalar of `type`, or memory whose elements are
/// `type` (unknown for host memory from Alloc/DeclareMem, which is never loaded from).
struct Binding {
  bool mem = false;
  bool typed = true;
  PrimType type = PrimType::I64;
};

class ImpParser {
public:
  ImpParser(const std::string& text, DiagnosticEngine& diags, const std::string& path)
      : p_(text, diags, path, ir::parse::Syntax::Imp) {}

  Program program() {
    Program prog;
    expectWord("source");
    prog.sourcePath = string();
    p_.expect(";");
    while (p_.lex.peek().is("tuning")) {
      p_.lex.next();
      TuningParam t;
      t.name = string();
      p_.expect("=");
      t.defaultValue = integer();
      t.doc = string();
      p_.expect(";");
      prog.tuning.push_back(std::move(t));
    }
    while (p_.lex.peek().kind != Token::Kind::End)
      topLevel(prog);
    return prog;
  }

private:
  // --- tokens --------------------------------------------------------------------------

  void expectWord(const char* word) {
    Token t = p_.name("`" + std::string(word) + "`");
    if (!t.is(word))
      p_.fail(t, "expected `" + std::string(word) + "`, found " + ir::parse::describe(t));
  }

  std::string string() {
    if (p_.lex.peek().kind != Token::Kind::String)
      p_.expected("a string");
    return p_.lex.next().text;
  }

  int64_t integer() {
    bool negative = p_.accept("-");
    if (p_.lex.peek().kind != Token::Kind::Number)
      p_.expected("an integer");
    Token t = p_.lex.next();
    int64_t v = 0;
    auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
    if (ec != std::errc() || ptr != t.text.data() + t.text.size())
      p_.fail(t, "expected an integer, found " + ir::parse::describe(t));
    return negative ? -v : v;
  }

  /// `.TYPE` after a keyword such as `read`.
  PrimType dotType() {
    p_.expect(".");
    return p_.primType();
  }

  /// The character after the next token, blanks skipped (a second token of lookahead).
  char charAfterNext() {
    const Token& t = p_.lex.peek();
    std::string_view text = p_.lex.text();
    size_t at = t.offset + t.length;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
      ++at;
    return at < text.size() ? text[at] : '\0';
  }

  // --- scopes --------------------------------------------------------------------------

  void bind(const std::string& name, Binding b) { scopes_.back()[name] = b; }

  const Binding& lookup(const Token& at, bool mem) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (auto found = it->find(at.text); found != it->end()) {
        if (found->second.mem != mem)
          p_.fail(at, "`" + at.text + "` is " + (mem ? "a scalar, not memory" : "memory, not a scalar"));
        return found->second;
      }
    p_.fail(at, std::string(mem ? "memory" : "variable") + " `" + at.text +
                    "` is not declared before this use");
  }

  bool declared(const std::string& name) const {
    for (const auto& scope : scopes_)
      if (scope.count(name))
        return true;
    return false;
  }

  // --- kernels and functions -----------------------------------------------------------

  void topLevel(Program& prog) {
    std::vector<std::string> doc;
    while (p_.lex.peek().kind == Token::Kind::Comment) {
      Token c = p_.lex.next();
      if (c.text.empty() || c.text[0] != '/')
        p_.fail(c, "expected a `///` doc line, a kernel or a function, found a comment");
      doc.push_back(stripSpace(c.text.substr(1)));
    }
    SourceSpan span;
    std::optional<std::pair<std::vector<ir::EntryValue>, std::vector<ir::EntryValue>>> entry;
    while (p_.accept("#[")) {
      Token attr = p_.name("`span` or `entry`");
      if (attr.is("span")) {
        span = p_.spanText(attr);
      } else if (attr.is("entry")) {
        p_.expect("(");
        auto params = p_.entryValues();
        p_.expect("->");
        p_.expect("(");
        entry.emplace(std::move(params), p_.entryValues());
        p_.expect("]");
      } else {
        p_.fail(attr, "unknown attribute `" + attr.text + "`");
      }
    }
    Token kw = p_.name("`kernel`, `entry`, `fun` or `device fun`");
    scopes_.assign(1, {});
    if (kw.is("kernel")) {
      if (entry)
        p_.fail(kw, "`#[entry ...]` on a kernel");
      Kernel k;
      k.doc = std::move(doc);
      k.span = span;
      k.name = p_.name("a kernel name").text;
      k.params = params();
      if (p_.accept("max_block"))
        k.maxBlockSize = integer();
      k.body = block();
      prog.kernels.push_back(std::move(k));
      return;
    }
    bool device = kw.is("device");
    if (device) {
      if (entry)
        p_.fail(kw, "`#[entry ...]` on a device function");
      kw = p_.name("`fun`");
      if (!kw.is("fun"))
        p_.fail(kw, "expected `fun` after `device`, found " + ir::parse::describe(kw));
    }
    if (!kw.is("entry") && !kw.is("fun"))
      p_.fail(kw, "expected `kernel`, `entry` or `fun`, found " + ir::parse::describe(kw));
    Function f;
    f.device = device;
    f.doc = std::move(doc);
    f.span = span;
    f.entry = kw.is("entry");
    if (entry && !f.entry)
      p_.fail(kw, "`#[entry ...]` on a function that is not an entry point");
    if (entry) {
      f.entryParams = std::move(entry->first);
      f.entryResults = std::move(entry->second);
    }
    f.name = p_.name("a function name").text;
    f.params = params();
    p_.expect("->");
    f.results = params();
    f.body = block();
    (device ? prog.deviceFunctions : prog.functions).push_back(std::move(f));
  }

  static std::string stripSpace(std::string s) { return !s.empty() && s[0] == ' ' ? s.substr(1) : s; }

  std::vector<Param> params() {
    std::vector<Param> out;
    p_.expect("(");
    if (p_.accept(")"))
      return out;
    do {
      Param prm;
      prm.noAlias = p_.accept("noalias");
      bool isConst = p_.accept("const");
      if (isConst || p_.lex.peek().is("mem")) {
        expectWord("mem");
        prm.kind = Param::Kind::Mem;
        prm.written = !isConst;
      }
      prm.type = p_.primType();
      prm.name = p_.name("a parameter name").text;
      bind(prm.name, Binding{prm.kind == Param::Kind::Mem, true, prm.type});
      out.push_back(std::move(prm));
    } while (p_.accept(","));
    p_.expect(")");
    return out;
  }

  // --- statements ----------------------------------------------------------------------

  Block block() {
    p_.expect("{");
    scopes_.emplace_back();
    Block b;
    while (!p_.accept("}"))
      b.push_back(stm());
    scopes_.pop_back();
    return b;
  }

  /// `NAME [ exp ]` naming memory: the name, after checking it is declared memory.
  std::string memIndex(ExpRef& index) {
    Token m = p_.name("a memory name");
    lookup(m, true);
    p_.expect("[");
    index = bareExp();
    p_.expect("]");
    return m.text;
  }

  Token declaredMem() {
    Token m = p_.name("a memory name");
    lookup(m, true);
    return m;
  }

  Stm stm() {
    Stm s;
    const Token& first = p_.lex.peek();
    if (first.kind == Token::Kind::Comment)
      return comment();
    Token kw = p_.name("a statement");
    const std::string& w = kw.text;
    if (p_.lex.peek().is("=") || p_.lex.peek().is("[") || p_.lex.peek().is("<-"))
      return assignment(kw);
    auto end = [&] { p_.expect(";"); };
    if (auto t = primFromName(w)) {
      s.kind = Stm::Kind::DeclareScalar;
      s.type = *t;
      s.name = p_.name("a variable name").text;
      if (p_.accept("="))
        s.args.push_back(bareExp());
      end();
      bind(s.name, Binding{false, true, s.type});
    } else if (w == "shared" || w == "private" || w == "host") {
      s.kind = Stm::Kind::DeclareArray;
      s.space = w == "shared" ? MemSpace::Shared : w == "host" ? MemSpace::Host : MemSpace::Device;
      s.type = p_.primType();
      s.name = p_.name("an array name").text;
      p_.expect("[");
      s.args.push_back(bareExp());
      p_.expect("]");
      end();
      bind(s.name, Binding{true, true, s.type});
    } else if (w == "atomic") {
      s.kind = Stm::Kind::AtomicUpdate;
      Token op = p_.name("an operator name");
      auto k = ir::parse::binOpByName(op.text);
      if (!k)
        p_.fail(op, "unknown operator `" + op.text + "`");
      s.binOp = *k;
      s.type = dotType();
      ExpRef at;
      s.name = memIndex(at);
      p_.expect(",");
      s.args = {at, bareExp()};
      end();
    } else if (w == "atomic_cas") {
      s.kind = Stm::Kind::AtomicCas;
      s.type = dotType();
      ExpRef at;
      s.name = memIndex(at);
      p_.expect(",");
      ExpRef expected = bareExp();
      p_.expect(",");
      s.args = {at, expected, bareExp()};
      if (p_.accept("->")) { // the outcome kept
        s.src = scalarName();
        p_.expect(",");
        s.text = scalarName();
      }
      end();
    } else if (w == "if") {
      p_.expect("(");
      s.args.push_back(bareExp());
      p_.expect(")");
      if (p_.accept("fail")) {
        s.kind = Stm::Kind::Error;
        s.text = string();
        end();
      } else {
        s.kind = Stm::Kind::If;
        s.body = block();
        if (p_.accept("else"))
          s.elseBody = block();
      }
    } else if (w == "for") {
      s.kind = Stm::Kind::For;
      if (p_.accept("unroll")) { // an unrolling hint, with an optional count
        s.text = "unroll";
        if (p_.lex.peek().kind == Token::Kind::Number)
          s.text += " " + p_.lex.next().text;
      }
      p_.expect("(");
      s.name = p_.name("a loop index").text;
      p_.expect("<");
      s.args.push_back(bareExp());
      p_.expect(")");
      scopes_.emplace_back();
      bind(s.name, Binding{false, true, PrimType::I64});
      s.body = block();
      scopes_.pop_back();
    } else if (w == "while") {
      s.kind = Stm::Kind::While;
      p_.expect("(");
      s.args.push_back(bareExp());
      p_.expect(")");
      s.body = block();
    } else if (w == "barrier" || w == "break" || w == "fence") {
      s.kind = w == "barrier" ? Stm::Kind::Barrier
               : w == "fence" ? Stm::Kind::Fence
                              : Stm::Kind::Break;
      end();
    } else if (w == "return") {
      s.kind = Stm::Kind::Return;
      do
        s.args.push_back(bareExp());
      while (p_.accept(","));
      end();
    } else if (w == "volatile") {
      s.kind = Stm::Kind::StoreVolatile;
      ExpRef at;
      s.name = memIndex(at);
      p_.expect("=");
      ExpRef value = bareExp();
      s.type = value->type;
      s.args = {at, value};
      end();
    } else if (w == "atomic_fetch_add") {
      s.kind = Stm::Kind::AtomicFetchAdd;
      s.type = dotType();
      ExpRef at;
      s.name = memIndex(at);
      p_.expect(",");
      s.args = {at, bareExp()};
      p_.expect("->");
      s.src = scalarName();
      end();
    } else if (w == "if_warp_shuffles") {
      s.kind = Stm::Kind::IfWarpShuffles;
      s.body = block();
      expectWord("else");
      s.elseBody = block();
    } else if (w == "load_lanes" || w == "store_lanes") { // Note [Warp shuffles and vectors in Imp]
      bool loads = w == "load_lanes";
      s.kind = loads ? Stm::Kind::LoadLanes : Stm::Kind::StoreLanes;
      s.type = dotType();
      ExpRef at;
      s.name = memIndex(at);
      s.args.push_back(at);
      p_.expect("<-");
      if (loads) {
        s.src = memIndex(at);
        s.args.push_back(at);
      } else {
        Token lanes = p_.name("a private array");
        lookup(lanes, true);
        s.src = lanes.text;
      }
      expectWord("below");
      s.args.push_back(bareExp());
      end();
    } else if (w == "group_reduce") { // Note [Group reduction in Imp]
      groupReduceOperand(s, 3);
      scopes_.emplace_back();
      bind(s.text, Binding{false, true, s.type});
      if (p_.accept("=")) {
        s.args.push_back(bareExp());
        scopes_.pop_back();
        end();
      } else { // a pair: `and.TYPE acc in sh (neutral) with above { combine }`
        expectWord("and");
        Stm o;
        groupReduceOperand(o, 1);
        bind(o.text, Binding{false, true, o.type});
        s.elseBody.push_back(std::move(o));
        s.body = block();
        scopes_.pop_back();
      }
    } else if (w == "vector") {
      s.kind = Stm::Kind::DeclareVector;
      s.type = dotType();
      s.name = p_.name("a vector name").text;
      p_.expect("<-");
      ExpRef at;
      s.src = memIndex(at);
      s.args.push_back(at);
      end();
      bind(s.name, Binding{false, true, s.type});
    } else if (w == "store_vector") {
      s.kind = Stm::Kind::StoreVector;
      s.type = dotType();
      ExpRef at;
      s.name = memIndex(at);
      p_.expect("<-");
      p_.expect("(");
      s.args.push_back(at);
      for (int q = 0; q < 4; ++q) {
        if (q > 0)
          p_.expect(",");
        s.args.push_back(bareExp());
      }
      p_.expect(")");
      end();
    } else if (w == "alloc") {
      s.kind = Stm::Kind::Alloc;
      s.name = p_.name("a memory name").text;
      s.args.push_back(bytes());
      end();
      if (!declared(s.name))
        bind(s.name, Binding{true, false, PrimType::I64});
    } else if (w == "free") {
      s.kind = Stm::Kind::Free;
      s.name = declaredMem().text;
      end();
    } else if (w == "mem") {
      s.kind = Stm::Kind::DeclareMem;
      s.name = p_.name("a memory name").text;
      end();
      bind(s.name, Binding{true, false, PrimType::I64});
    } else if (w == "copy") {
      s.kind = Stm::Kind::CopyMem;
      s.name = declaredMem().text;
      p_.expect("+");
      s.args.push_back(exp());
      p_.expect("<-");
      s.src = declaredMem().text;
      p_.expect("+");
      s.args.push_back(exp());
      s.args.push_back(bytes());
      end();
    } else if (w == "launch") {
      launch(s);
    } else if (w == "call") {
      s.kind = Stm::Kind::Call;
      s.name = p_.name("a function name").text;
      p_.expect("(");
      s.kernelArgs = kernelArgs();
      p_.expect("->");
      p_.expect("(");
      s.outs = kernelArgs();
      p_.expect(";");
    } else if (w == "read") {
      s.kind = Stm::Kind::ReadScalar;
      s.type = dotType();
      s.name = scalarName();
      p_.expect("<-");
      ExpRef at;
      s.src = memIndex(at);
      s.args.push_back(at);
      end();
    } else if (w == "write") {
      s.kind = Stm::Kind::WriteScalar;
      s.type = dotType();
      ExpRef at;
      s.name = memIndex(at);
      p_.expect("<-");
      s.args = {at, bareExp()};
      end();
    } else {
      p_.fail(kw, "expected a statement, found " + ir::parse::describe(kw));
    }
    return s;
  }

  /// `.TYPE acc in sh (e1, ..., eN) with above` of a group_reduce, N = `count`.
  void groupReduceOperand(Stm& s, int count) {
    s.kind = Stm::Kind::GroupReduce;
    s.type = dotType();
    s.name = scalarName();
    expectWord("in");
    Token sh = p_.name("a shared array");
    lookup(sh, true);
    s.src = sh.text;
    p_.expect("(");
    for (int i = 0; i < count; ++i) {
      if (i > 0)
        p_.expect(",");
      s.args.push_back(bareExp());
    }
    p_.expect(")");
    expectWord("with");
    s.text = p_.name("the later thread's value").text;
  }

  std::string scalarName() {
    Token t = p_.name("a variable name");
    lookup(t, false);
    return t.text;
  }

  /// `( exp bytes )`
  ExpRef bytes() {
    p_.expect("(");
    ExpRef n = bareExp();
    expectWord("bytes");
    p_.expect(")");
    return n;
  }

  Stm comment() {
    Stm s;
    s.kind = Stm::Kind::Comment;
    Token c = p_.lex.next();
    if (!c.text.empty() && (c.text[0] == '|' || c.text[0] == '/'))
      p_.fail(c, "a `//|` or `///` line must follow a comment or precede a kernel or function");
    s.text = stripSpace(c.text);
    while (p_.lex.peek().kind == Token::Kind::Comment && p_.lex.peek().text.rfind('|', 0) == 0)
      s.text += "\n" + stripSpace(p_.lex.next().text.substr(1));
    return s;
  }

  /// `x = e;`, `m[i] = e;` or `m <- move src;` after the name `target`.
  Stm assignment(const Token& target) {
    Stm s;
    s.name = target.text;
    if (p_.accept("<-")) {
      lookup(target, true);
      s.kind = Stm::Kind::MoveMem;
      expectWord("move");
      s.src = declaredMem().text;
    } else if (p_.accept("[")) {
      lookup(target, true);
      s.kind = Stm::Kind::Store;
      ExpRef at = bareExp();
      p_.expect("]");
      p_.expect("=");
      ExpRef value = bareExp();
      s.type = value->type;
      s.args = {at, value};
    } else {
      p_.expect("=");
      lookup(target, false);
      s.kind = Stm::Kind::Assign;
      s.args.push_back(bareExp());
    }
    p_.expect(";");
    return s;
  }

  void launch(Stm& s) {
    s.kind = Stm::Kind::Launch;
    s.name = p_.name("a kernel name").text;
    p_.expect("<<<");
    s.args.push_back(exp());
    p_.expect(",");
    s.args.push_back(exp());
    if (p_.accept(",")) // Note [Dynamic shared memory in Imp]
      s.args.push_back(exp());
    p_.expect(">>>");
    p_.expect("(");
    s.kernelArgs = kernelArgs();
    p_.expect(";");
  }

  /// `a, mem m, ...)` after the opening parenthesis (launch and call arguments).
  std::vector<KernelArg> kernelArgs() {
    std::vector<KernelArg> out;
    if (p_.accept(")"))
      return out;
    do {
      KernelArg a;
      if (p_.accept("mem")) {
        a.kind = Param::Kind::Mem;
        a.mem = declaredMem().text;
      } else {
        a.scalar = exp();
      }
      out.push_back(std::move(a));
    } while (p_.accept(","));
    p_.expect(")");
    return out;
  }

  // --- expressions ---------------------------------------------------------------------

  ExpRef exp() {
    const Token& tok = p_.lex.peek();
    if (tok.is("("))
      return parenthesised();
    if (tok.kind == Token::Kind::Number || tok.is("-") || tok.is("true") || tok.is("false") ||
        (tok.kind == Token::Kind::Name && charAfterNext() == '.' && primFromName(tok.text)))
      return constant(p_.subExp().constant());
    Token n = p_.name("an expression");
    if (p_.accept("("))
      return application(n);
    if (n.is("call") && p_.accept("."))
      return callExp();
    if (n.is("lane") && p_.accept("."))
      return laneExp();
    if (p_.accept("[")) {
      const Binding& m = lookup(n, true);
      if (!m.typed)
        p_.fail(n, "cannot load from `" + n.text + "`: its element type is not known");
      PrimType elem = m.type;
      ExpRef index = bareExp();
      p_.expect("]");
      return load(n.text, index, elem);
    }
    return var(n.text, lookup(n, false).type);
  }

  /// `(x OP y)`, `(c ? a : b)`.
  ExpRef parenthesised() {
    p_.expect("(");
    ExpRef e = bareExp();
    p_.expect(")");
    return e;
  }

  /// `x`, `x OP y` or `c ? a : b`: an expression whose end the text around it marks.
  ExpRef bareExp() {
    ExpRef x = exp();
    if (p_.accept("?")) {
      ExpRef a = exp();
      p_.expect(":");
      ExpRef b = exp();
      return select(x, a, b);
    }
    const Token& op = p_.lex.peek();
    if (op.kind != Token::Kind::Punct && op.kind != Token::Kind::Name)
      return x;
    for (int k = 0; k <= static_cast<int>(CmpOpKind::Ge); ++k)
      if (op.text == cmpOpText(static_cast<CmpOpKind>(k))) {
        p_.lex.next();
        return cmp(static_cast<CmpOpKind>(k), x, exp());
      }
    for (int k = 0; k <= static_cast<int>(BinOpKind::Max); ++k)
      if (op.text == binOpText(static_cast<BinOpKind>(k))) {
        p_.lex.next();
        return binOp(static_cast<BinOpKind>(k), x, exp());
      }
    return x;
  }

  /// `NAME(` read: a conversion, unary operator, thread geometry or tuning parameter.
  ExpRef application(const Token& n) {
    auto close = [&](ExpRef e) {
      p_.expect(")");
      return e;
    };
    if (auto t = primFromName(n.text))
      return close(convert(bareExp(), *t));
    if (n.is("tuning"))
      return close(tuning(string()));
    if (n.is("cmp_size")) {
      std::string threshold = string();
      p_.expect(",");
      return close(cmpSize(std::move(threshold), bareExp()));
    }
    if (n.is("device_limit")) {
      Token limit = p_.name("a device limit");
      if (limit.text != "max_block_size" && limit.text != "max_shared_memory")
        p_.fail(limit, "expected `max_block_size` or `max_shared_memory`");
      return close(deviceLimit(limit.text));
    }
    if (n.is("thread_id"))
      return close(threadId());
    if (n.is("block_id"))
      return close(blockId());
    if (n.is("block_size"))
      return close(blockSize());
    if (n.is("num_blocks"))
      return close(numBlocks());
    if (n.is("forward_progress"))
      return close(forwardProgress());
    if (n.is("volatile")) {
      ExpRef e = exp();
      if (e->kind != Exp::Kind::Load)
        p_.fail(n, "`volatile(...)` takes a load `mem[index]`");
      return close(loadVolatile(e->name, e->args.at(0), e->type));
    }
    if (n.is("shuffle_down") || n.is("shuffle_up")) {
      bool down = n.is("shuffle_down");
      ExpRef x = bareExp();
      p_.expect(",");
      ExpRef offset = bareExp();
      return close(down ? shuffleDown(x, offset) : shuffleUp(x, offset));
    }
    if (auto op = ir::parse::unOpByName(n.text))
      return close(unOp(*op, bareExp()));
    p_.fail(n, "unknown function `" + n.text + "` (a math function is `call.NAME.TYPE(...)`)");
  }

  /// `lane.TYPE(VECTOR, LANE)` after `lane.`.
  ExpRef laneExp() {
    PrimType elem = p_.primType();
    p_.expect("(");
    Token v = p_.name("a vector name");
    lookup(v, false);
    p_.expect(",");
    Token q = p_.lex.next();
    int64_t index = q.kind == Token::Kind::Number ? std::atoll(q.text.c_str()) : -1;
    if (index < 0 || index > 3)
      p_.fail(q, "expected a lane number 0..3, found " + ir::parse::describe(q));
    p_.expect(")");
    return lane(v.text, index, elem);
  }

  /// `call.NAME.TYPE(args)` after `call.`.
  ExpRef callExp() {
    std::string fn = p_.name("a function name").text;
    PrimType result = dotType();
    std::vector<ExpRef> args;
    p_.expect("(");
    if (!p_.accept(")")) {
      do
        args.push_back(bareExp());
      while (p_.accept(","));
      p_.expect(")");
    }
    return call(fn, std::move(args), result);
  }

  ir::parse::Parser p_;
  std::vector<std::map<std::string, Binding>> scopes_;
};

} // namespace

std::optional<Program> parseProgram(const std::string& text, DiagnosticEngine& diags,
                                    const std::string& path) {
  try {
    ImpParser parser(text, diags, path);
    return parser.program();
  } catch (const Abort&) {
    return std::nullopt;
  }
}

} // namespace fjord::imp
