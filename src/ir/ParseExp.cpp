// Textual core IR, read back: expressions (basic ops, `if`, `loop`, `apply`, SOACs, SegOps,
// `alloc`), in the grammar documented in ir/Print.h. The keyword or operator name that starts
// an expression decides its form; names are not reserved, since a variable always carries a
// `_tag` suffix that no keyword has.
#include "ir/Parser.h"

#include <charconv>

namespace fjord::ir::parse {
namespace {

template <typename Kind>
std::optional<Kind> opByName(const std::string& name, const char* (*nameOf)(Kind), int count) {
  for (int k = 0; k < count; ++k)
    if (name == nameOf(static_cast<Kind>(k)))
      return static_cast<Kind>(k);
  return std::nullopt;
}

} // namespace

std::optional<UnOpKind> unOpByName(const std::string& n) {
  return opByName(n, unOpName, static_cast<int>(UnOpKind::Signum) + 1);
}
std::optional<BinOpKind> binOpByName(const std::string& n) {
  return opByName(n, binOpName, static_cast<int>(BinOpKind::Max) + 1);
}
std::optional<CmpOpKind> cmpOpByName(const std::string& n) {
  return opByName(n, cmpOpName, static_cast<int>(CmpOpKind::Ge) + 1);
}

namespace {

bool isSoacKeyword(const Token& t) {
  return t.is("screma") || t.is("hist") || t.is("scatter") || t.is("stream_map") ||
         t.is("stream_red") || t.is("stream_seq");
}
bool isSegOpKeyword(const Token& t) {
  return t.is("segmap") || t.is("segred") || t.is("segscan") || t.is("seghist");
}

} // namespace

Exp Parser::exp() {
  const Token& t = lex.peek();
  if (t.is("if"))
    return ifExp();
  if (t.is("loop"))
    return loopExp();
  if (t.is("apply"))
    return applyExp();
  if (t.is("alloc"))
    return allocExp();
  if (isSoacKeyword(t))
    return soac(lex.next());
  if (isSegOpKeyword(t))
    return segOp(lex.next());
  return basicOpOrOperand();
}

// --- basic operations -------------------------------------------------------------------

Exp Parser::basicOpOrOperand() {
  using K = BasicOp::Kind;
  BasicOp op;
  const Token& t = lex.peek();
  if (t.kind == Token::Kind::Name) {
    Token kw = t;
    if (unOpByName(kw.text) || binOpByName(kw.text) || cmpOpByName(kw.text) || kw.is("convert") ||
        kw.is("call") || kw.is("iota")) {
      lex.next();
      return scalarOp(kw);
    }
    if (kw.is("replicate")) {
      lex.next();
      op.kind = K::Replicate;
      op.shape = shape();
      op.args = {subExp()};
      return op;
    }
    if (kw.is("reshape")) {
      lex.next();
      op.kind = K::Reshape;
      op.shape = shape();
      op.arr = vname();
      return op;
    }
    if (kw.is("rearrange")) {
      lex.next();
      op.kind = K::Rearrange;
      expect("(");
      if (!accept(")")) {
        do {
          if (lex.peek().kind != Token::Kind::Number)
            expected("a dimension number");
          Token n = lex.next();
          int d = 0;
          auto [ptr, ec] = std::from_chars(n.text.data(), n.text.data() + n.text.size(), d);
          if (ec != std::errc() || ptr != n.text.data() + n.text.size())
            fail(n, "expected a dimension number, found " + describe(n));
          op.perm.push_back(d);
        } while (accept(","));
        expect(")");
      }
      op.arr = vname();
      return op;
    }
    if (kw.is("concat")) {
      lex.next();
      op.kind = K::Concat;
      op.args = {subExp()};
      op.arrs = vnames("(", ")");
      return op;
    }
    if (kw.is("copy")) {
      lex.next();
      op.kind = K::Copy;
      op.arr = vname();
      return op;
    }
    if (kw.is("array")) {
      lex.next();
      op.kind = K::ArrayLit;
      op.rowType = type();
      op.args = subExps("[", "]");
      return op;
    }
    if (kw.is("cmp_size")) { // Note [Thresholds]
      lex.next();
      op.kind = K::CmpSize;
      expect("(");
      if (lex.peek().kind != Token::Kind::String)
        expected("the threshold's name (a string)");
      op.threshold = lex.next().text;
      expect(",");
      const Token& cls = lex.peek();
      if (cls.is("suff_outer_par"))
        op.thresholdClass = ThresholdClass::SuffOuterPar;
      else if (cls.is("suff_intra_par"))
        op.thresholdClass = ThresholdClass::SuffIntraPar;
      else
        expected("`suff_outer_par` or `suff_intra_par`");
      lex.next();
      expect(")");
      expect("<");
      expect("=");
      op.args = {subExp()};
      return op;
    }
    if (kw.is("device_limit")) { // Note [Device limits]
      lex.next();
      op.kind = K::DeviceLimit;
      expect("(");
      if (lex.peek().is("max_block_size"))
        op.limit = DeviceLimitKind::MaxBlockSize;
      else if (lex.peek().is("max_shared_memory"))
        op.limit = DeviceLimitKind::MaxSharedMemory;
      else
        expected("`max_block_size` or `max_shared_memory`");
      lex.next();
      expect(")");
      return op;
    }
    if (kw.is("assert")) {
      lex.next();
      op.kind = K::Assert;
      op.args = {subExp()};
      if (lex.peek().kind != Token::Kind::String)
        expected("the assertion's message (a string)");
      op.message = lex.next().text;
      return op;
    }
  }
  SubExp se = subExp();
  if (se.isVar() && lex.peek().is("[")) {
    op.arr = se.var();
    op.kind = indexing(op) ? K::FlatIndex : K::Index;
    return op;
  }
  if (se.isVar() && lex.peek().is("with")) {
    lex.next();
    op.arr = se.var();
    BasicOp where;
    bool flat = indexing(where);
    expect("=");
    op.kind = flat ? K::FlatUpdate : K::Update;
    op.slice = std::move(where.slice);
    op.args = {subExp()};
    op.args.insert(op.args.end(), where.args.begin(), where.args.end());
    return op;
  }
  op.kind = K::SubExp;
  op.args = {se};
  return op;
}

/// `OP.t x [y]`, `convert.t.t x`, `call.fn.t(args)`, `iota.t n, start, step` (`opName` read).
Exp Parser::scalarOp(const Token& opName) {
  using K = BasicOp::Kind;
  BasicOp op;
  expect(".");
  if (opName.is("call")) {
    op.kind = K::Call;
    op.fn = name("a function name").text;
    expect(".");
    // A function name may itself contain dots: the last part is the type.
    while (lex.peek().kind == Token::Kind::Name && !primFromName(lex.peek().text)) {
      op.fn += "." + lex.next().text;
      expect(".");
    }
    op.type = primType();
    op.args = subExps("(", ")");
    return op;
  }
  op.type = primType();
  if (opName.is("convert")) {
    op.kind = K::Convert;
    expect(".");
    op.toType = primType();
    op.args = {subExp()};
    return op;
  }
  if (opName.is("iota")) {
    op.kind = K::Iota;
    for (int i = 0; i < 3; ++i) {
      if (i)
        expect(",");
      op.args.push_back(subExp());
    }
    return op;
  }
  if (auto u = unOpByName(opName.text)) {
    op.kind = K::UnOp;
    op.unOp = *u;
    op.args = {subExp()};
    return op;
  }
  if (auto b = binOpByName(opName.text)) {
    op.kind = K::BinOp;
    op.binOp = *b;
  } else {
    op.kind = K::CmpOp;
    op.cmpOp = *cmpOpByName(opName.text);
  }
  op.args.push_back(subExp());
  op.args.push_back(subExp());
  return op;
}

/// `[d, ...]` with `d ::= i | start :+ count * stride` into `op.slice`, or the flat view
/// `[o + {(n : s), ...}]` (Note [Flat ops] in IR.h) into `op.args` = {o, n1, s1, ...};
/// returns true for the flat view.
bool Parser::indexing(BasicOp& op) {
  expect("[");
  if (accept("]"))
    return false;
  SubExp first = subExp();
  if (accept("+")) {
    op.args = {first};
    expect("{");
    if (!accept("}")) {
      do {
        expect("(");
        op.args.push_back(subExp());
        expect(":");
        op.args.push_back(subExp());
        expect(")");
      } while (accept(","));
      expect("}");
    }
    expect("]");
    return true;
  }
  for (bool more = true; more; more = accept(",")) {
    DimIndex d;
    SubExp start = op.slice.empty() ? first : subExp();
    if (accept(":+")) {
      d.fixed = false;
      d.start = start;
      d.count = subExp();
      expect("*");
      d.stride = subExp();
    } else {
      d.index = start;
    }
    op.slice.push_back(std::move(d));
  }
  expect("]");
  return false;
}

// --- control flow and calls -------------------------------------------------------------

Exp Parser::ifExp() {
  expect("if");
  If i;
  i.cond = subExp();
  expect("then");
  i.thenBody = body();
  expect("else");
  i.elseBody = body();
  expect(":");
  i.types = types();
  return i;
}

Exp Parser::loopExp() {
  expect("loop");
  Loop l;
  expect("{");
  if (!accept("}")) {
    do {
      Param p = param();
      expect("=");
      l.merge.emplace_back(std::move(p), subExp());
    } while (accept(","));
    expect("}");
  }
  if (accept("for")) {
    l.kind = Loop::Kind::For;
    l.iterator = vname();
    expect("<");
    l.bound = subExp();
  } else if (accept("while")) {
    l.kind = Loop::Kind::While;
    l.whileCond = vname();
  } else {
    expected("`for` or `while`");
  }
  expect("do");
  l.body = body();
  return l;
}

Exp Parser::applyExp() {
  expect("apply");
  Apply a;
  a.fn = name("a function name").text;
  a.args = subExps("(", ")");
  expect(":");
  a.retTypes = types();
  return a;
}

Exp Parser::allocExp() {
  expect("alloc");
  Alloc a;
  expect("(");
  a.bytes = subExp();
  expect(",");
  a.space = memSpace();
  expect(")");
  return Op{a};
}

// --- SOACs and SegOps -------------------------------------------------------------------

/// `( [commutative] lambda, {neutral} )`
RedOp Parser::redOp() {
  RedOp r;
  expect("(");
  r.commutative = accept("commutative");
  r.op = lambda();
  expect(",");
  r.neutral = subExps("{", "}");
  expect(")");
  return r;
}

std::vector<RedOp> Parser::redOps() {
  std::vector<RedOp> ops;
  expect("{");
  if (accept("}"))
    return ops;
  do
    ops.push_back(redOp());
  while (accept(","));
  expect("}");
  return ops;
}

/// `{ (width, {dests}, redop), ... }`
std::vector<HistOp> Parser::histOps() {
  std::vector<HistOp> ops;
  expect("{");
  if (accept("}"))
    return ops;
  do {
    HistOp h;
    expect("(");
    h.width = subExp();
    expect(",");
    h.dests = vnames("{", "}");
    expect(",");
    h.op = redOp();
    expect(")");
    ops.push_back(std::move(h));
  } while (accept(","));
  expect("}");
  return ops;
}

Exp Parser::soac(const Token& kw) {
  expect("(");
  SubExp width = subExp();
  expect(",");
  std::vector<VName> inputs = vnames("{", "}");
  if (kw.is("screma")) {
    Screma s{width, std::move(inputs), {}, {}, {}};
    expect(")");
    expect("map");
    s.map = lambda();
    expect("scan");
    s.scans = redOps();
    expect("reduce");
    s.reds = redOps();
    return Op{Soac{std::move(s)}};
  }
  if (kw.is("hist")) {
    Hist h{width, std::move(inputs), {}, {}};
    expect(")");
    expect("ops");
    h.ops = histOps();
    expect("bucket");
    h.bucketFn = lambda();
    return Op{Soac{std::move(h)}};
  }
  if (kw.is("scatter")) {
    Scatter s{width, std::move(inputs), {}, {}};
    expect(",");
    s.dests = vnames("{", "}");
    expect(")");
    s.fn = lambda();
    return Op{Soac{std::move(s)}};
  }
  Stream st;
  st.width = width;
  st.inputs = std::move(inputs);
  if (kw.is("stream_seq")) {
    st.kind = Stream::Kind::Seq;
    expect(",");
    st.accs = subExps("{", "}");
  }
  expect(")");
  if (kw.is("stream_red")) {
    st.kind = Stream::Kind::Red;
    expect("reduce");
    st.reds = redOps();
  }
  st.fn = lambda();
  return Op{Soac{std::move(st)}};
}

/// A tile size of `tiled B R`: a positive decimal number without a type suffix.
int64_t Parser::tileSize() {
  Token t = lex.next();
  bool digits = t.kind == Token::Kind::Number && !t.text.empty() && t.text.size() < 10 &&
                t.text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || std::stoll(t.text) <= 0)
    fail(t, "expected a positive tile size");
  return std::stoll(t.text);
}

/// `segX(flat; i < n, ...) [ops {...}] [scatter into {...}] [tiled B R] : {types} body`
Exp Parser::segOp(const Token& kw) {
  SegOp op;
  if (kw.is("segred"))
    op.kind = SegOp::Kind::Red;
  else if (kw.is("segscan"))
    op.kind = SegOp::Kind::Scan;
  else if (kw.is("seghist"))
    op.kind = SegOp::Kind::Hist;
  expect("(");
  op.space.flat = vname();
  expect(";");
  if (!accept(")")) {
    do {
      VName i = vname();
      expect("<");
      op.space.dims.emplace_back(std::move(i), subExp());
    } while (accept(","));
    expect(")");
  }
  if (op.kind == SegOp::Kind::Red || op.kind == SegOp::Kind::Scan) {
    expect("ops");
    op.ops = redOps();
  }
  if (op.kind == SegOp::Kind::Hist) {
    expect("ops");
    op.histOps = histOps();
  }
  if (accept("scatter")) {
    expect("into");
    op.writeDests = vnames("{", "}");
  }
  if (accept("tiled")) { // Note [Tiled SegMap]
    op.tile.block = tileSize();
    op.tile.reg = tileSize();
  }
  op.intra = accept("intra_group"); // Note [Intra-group SegMap]
  expect(":");
  op.types = types();
  op.body = body();
  return Op{std::move(op)};
}

} // namespace fjord::ir::parse
