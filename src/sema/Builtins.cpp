// Tables of intrinsics and numeric-namespace members, written as source-syntax signatures.
#include "sema/Builtins.h"

#include "sema/Unify.h"
#include "support/Diagnostics.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace fjord::sema {

namespace {

// Intrinsics. The interpreter (interp/Intrinsics.cpp) implements each of these.
struct IntrinsicEntry {
  const char* name;
  const char* signature;
};
constexpr IntrinsicEntry kIntrinsics[] = {
    // Second-order array combinators.
    {"__map", "(a -> b) -> []a -> []b"},
    {"__reduce", "(a -> a -> a) -> a -> []a -> a"},
    {"__reduce_comm", "(a -> a -> a) -> a -> []a -> a"},
    {"__scan", "(a -> a -> a) -> a -> []a -> []a"},
    {"__filter", "(a -> bool) -> []a -> []a"},
    {"__partition", "(a -> bool) -> []a -> ([]a, []a)"},
    {"__scatter", "*[]a -> []i64 -> []a -> *[]a"},
    {"__hist", "*[]a -> (a -> a -> a) -> a -> []i64 -> []a -> *[]a"},
    // Streaming SOACs (PLDI'17 §4): the function gets a chunk size and a chunk of the input.
    {"__map_stream", "(i64 -> []a -> []b) -> []a -> []b"},
    {"__reduce_stream", "(b -> b -> b) -> (i64 -> []a -> b) -> []a -> b"},
    {"__reduce_stream_per", "(b -> b -> b) -> (i64 -> []a -> b) -> []a -> b"},
    // Array construction and reshaping.
    {"__zip", "[]a -> []b -> [](a, b)"},
    {"__unzip", "[](a, b) -> ([]a, []b)"},
    {"__iota", "i64 -> []i64"},
    {"__replicate", "i64 -> a -> []a"},
    {"__transpose", "[][]a -> [][]a"},
    {"__flatten", "[][]a -> []a"},
    {"__unflatten", "i64 -> i64 -> []a -> [][]a"},
    {"__concat", "[]a -> []a -> []a"},
    {"__rotate", "i64 -> []a -> []a"},
    {"__copy", "a -> *a"},
    // Accumulators (Note [Accumulators] in internalise/InternaliseAcc.cpp): the function
    // gets an accumulator over a copy of the destination and one element of the input.
    {"__scatter_stream", "*[]a -> (*acc ([]a) -> b -> acc ([]a)) -> []b -> *[]a"},
    {"__hist_stream", "*[]a -> (a -> a -> a) -> a -> (*acc ([]a) -> b -> acc ([]a)) -> []b -> *[]a"},
    {"__acc_write", "*acc ([]a) -> i64 -> a -> *acc ([]a)"},
    // Numeric operations, generic over the numeric type `t`. Only the namespace table below
    // (and the prelude) instantiates them, always at types for which they exist.
    {"__lowest", "t"},
    {"__highest", "t"},
    {"__inf", "t"},
    {"__nan", "t"},
    {"__pi", "t"},
    {"__e", "t"},
    {"__convert", "s -> t"},
    {"__convert_zext", "s -> t"},
    // Bit reinterpretation between a float type and the unsigned type of its width.
    {"__to_bits", "s -> t"},
    {"__from_bits", "s -> t"},
    {"__abs", "t -> t"},
    {"__sgn", "t -> t"},
    {"__neg", "t -> t"},
    {"__max", "t -> t -> t"},
    {"__min", "t -> t -> t"},
    {"__pow", "t -> t -> t"},
    {"__atan2", "t -> t -> t"},
    {"__isnan", "t -> bool"},
    {"__isinf", "t -> bool"},
    {"__popc", "t -> i32"},
    {"__clz", "t -> i32"},
    {"__sqrt", "t -> t"},
    {"__exp", "t -> t"},
    {"__log", "t -> t"},
    {"__log2", "t -> t"},
    {"__log10", "t -> t"},
    {"__sin", "t -> t"},
    {"__cos", "t -> t"},
    {"__tan", "t -> t"},
    {"__asin", "t -> t"},
    {"__acos", "t -> t"},
    {"__atan", "t -> t"},
    {"__sinh", "t -> t"},
    {"__cosh", "t -> t"},
    {"__tanh", "t -> t"},
    {"__floor", "t -> t"},
    {"__ceil", "t -> t"},
    {"__round", "t -> t"},
    {"__trunc", "t -> t"},
};

enum class Family { Num, Int, Float };

// Numeric namespaces: `T` stands for the namespace's own type.
struct MemberEntry {
  Family family;
  const char* name;
  const char* target;
  const char* signature;
};
constexpr MemberEntry kMembers[] = {
    {Family::Num, "lowest", "__lowest", "T"},
    {Family::Num, "highest", "__highest", "T"},
    {Family::Num, "abs", "__abs", "T -> T"},
    {Family::Num, "sgn", "__sgn", "T -> T"},
    {Family::Num, "neg", "__neg", "T -> T"},
    {Family::Num, "max", "__max", "T -> T -> T"},
    {Family::Num, "min", "__min", "T -> T -> T"},
    {Family::Num, "sum", "__num_sum", "[]T -> T"},
    {Family::Num, "product", "__num_product", "[]T -> T"},
    {Family::Num, "maximum", "__num_maximum", "[]T -> T"},
    {Family::Num, "minimum", "__num_minimum", "[]T -> T"},
    {Family::Num, "to_i64", "__convert", "T -> i64"},
    {Family::Num, "to_f64", "__convert", "T -> f64"},
    {Family::Num, "from_i64", "__convert", "i64 -> T"},
    {Family::Num, "from_f64", "__convert", "f64 -> T"},
    {Family::Int, "popc", "__popc", "T -> i32"},
    {Family::Int, "clz", "__clz", "T -> i32"},
    {Family::Int, "get_bit", "__int_get_bit", "i32 -> T -> i32"},
    {Family::Int, "set_bit", "__int_set_bit", "i32 -> T -> i32 -> T"},
    {Family::Float, "inf", "__inf", "T"},
    {Family::Float, "nan", "__nan", "T"},
    {Family::Float, "pi", "__pi", "T"},
    {Family::Float, "e", "__e", "T"},
    {Family::Float, "pow", "__pow", "T -> T -> T"},
    {Family::Float, "atan2", "__atan2", "T -> T -> T"},
    {Family::Float, "isnan", "__isnan", "T -> bool"},
    {Family::Float, "isinf", "__isinf", "T -> bool"},
    {Family::Float, "sqrt", "__sqrt", "T -> T"},
    {Family::Float, "exp", "__exp", "T -> T"},
    {Family::Float, "log", "__log", "T -> T"},
    {Family::Float, "log2", "__log2", "T -> T"},
    {Family::Float, "log10", "__log10", "T -> T"},
    {Family::Float, "sin", "__sin", "T -> T"},
    {Family::Float, "cos", "__cos", "T -> T"},
    {Family::Float, "tan", "__tan", "T -> T"},
    {Family::Float, "asin", "__asin", "T -> T"},
    {Family::Float, "acos", "__acos", "T -> T"},
    {Family::Float, "atan", "__atan", "T -> T"},
    {Family::Float, "sinh", "__sinh", "T -> T"},
    {Family::Float, "cosh", "__cosh", "T -> T"},
    {Family::Float, "tanh", "__tanh", "T -> T"},
    {Family::Float, "floor", "__floor", "T -> T"},
    {Family::Float, "ceil", "__ceil", "T -> T"},
    {Family::Float, "round", "__round", "T -> T"},
    {Family::Float, "trunc", "__trunc", "T -> T"},
    {Family::Float, "log1p", "__float_log1p", "T -> T"},
};

bool inFamily(PrimType t, Family f) {
  switch (f) {
  case Family::Num:
    return isInteger(t) || isFloat(t);
  case Family::Int:
    return isInteger(t);
  case Family::Float:
    return isFloat(t);
  }
  return false;
}

// A recursive-descent reader for the signatures above.
class SigParser {
public:
  SigParser(const std::string& s, std::vector<std::string>* vars) : s_(s), vars_(vars) {}

  TypeRef type() {
    TypeRef t = atom();
    if (!eat("->"))
      return t;
    return Type::function(t, type());
  }

  bool atEnd() {
    skipSpace();
    return pos_ == s_.size();
  }

private:
  TypeRef atom() {
    if (eat("[]"))
      return Type::array(atom(), {Size::unknown()});
    if (eat("*")) {
      auto t = std::make_shared<Type>(*atom());
      t->unique = true;
      return t;
    }
    if (eat("(")) {
      std::vector<TypeRef> elems;
      if (!eat(")")) {
        do
          elems.push_back(type());
        while (eat(","));
        expect(")");
      }
      return elems.size() == 1 ? elems[0] : Type::tuple(std::move(elems));
    }
    std::string id = ident();
    if (id == "acc")
      return Type::accumulator(atom());
    if (auto p = primFromName(id))
      return Type::primitive(*p);
    if (vars_ && std::find(vars_->begin(), vars_->end(), id) == vars_->end())
      vars_->push_back(id);
    return Type::typeVar(id);
  }

  void skipSpace() {
    while (pos_ < s_.size() && s_[pos_] == ' ')
      ++pos_;
  }
  bool eat(const char* tok) {
    skipSpace();
    std::string t(tok);
    if (s_.compare(pos_, t.size(), t) != 0)
      return false;
    pos_ += t.size();
    return true;
  }
  void expect(const char* tok) {
    if (!eat(tok))
      internalError("parseSignature", "expected `" + std::string(tok) + "` in `" + s_ + "`");
  }
  std::string ident() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_'))
      ++pos_;
    if (start == pos_)
      internalError("parseSignature", "expected a name in `" + s_ + "`");
    return s_.substr(start, pos_ - start);
  }

  const std::string& s_;
  std::vector<std::string>* vars_;
  size_t pos_ = 0;
};

} // namespace

TypeRef parseSignature(const std::string& sig, std::vector<std::string>* typeVars) {
  SigParser p(sig, typeVars);
  TypeRef t = p.type();
  if (!p.atEnd())
    internalError("parseSignature", "trailing text in `" + sig + "`");
  return t;
}

std::optional<IntrinsicType> intrinsicType(const std::string& name) {
  for (const IntrinsicEntry& e : kIntrinsics)
    if (name == e.name) {
      IntrinsicType it;
      it.type = parseSignature(e.signature, &it.typeVars);
      return it;
    }
  return std::nullopt;
}

std::optional<std::string> publicIntrinsic(const std::string& name) {
  if (name == "scatter_stream" || name == "hist_stream" || name == "acc_write")
    return "__" + name;
  return std::nullopt;
}

std::optional<NamespaceMember> namespaceMember(PrimType ns, const std::string& member) {
  for (const MemberEntry& e : kMembers)
    if (member == e.name && inFamily(ns, e.family)) {
      std::vector<std::string> vars;
      TypeRef t = parseSignature(e.signature, &vars);
      return NamespaceMember{e.target, substitute(t, {{"T", Type::primitive(ns)}})};
    }
  // `T.mul_hi`, `T.mad_hi`: one function per integer type in the prelude (numeric.fut).
  if ((member == "mul_hi" || member == "mad_hi") && inFamily(ns, Family::Int)) {
    TypeRef self = Type::primitive(ns);
    TypeRef t = Type::function(self, Type::function(self, self));
    return NamespaceMember{"__" + member + "_" + primName(ns),
                           member == "mul_hi" ? t : Type::function(self, t)};
  }
  // `bool.i32 : i32 -> bool` and the like: whether the number is not zero (numeric.fut).
  if (auto from = primFromName(member); ns == PrimType::Bool && from && *from != PrimType::Bool)
    return NamespaceMember{"__num_to_bool",
                           Type::function(Type::primitive(*from), Type::primitive(ns))};
  // `T.num_bits`: one constant per type in the prelude (numeric.fut).
  if (member == "num_bits" && inFamily(ns, Family::Num))
    return NamespaceMember{std::string("__num_bits_") + primName(ns),
                           Type::primitive(PrimType::I32)};
  // Bits of floats: `f32.to_bits : f32 -> u32`, `f32.from_bits : u32 -> f32`, and the bit
  // operations of the unsigned type of the same width applied to those bits (numeric.fut).
  if (isFloat(ns)) {
    TypeRef self = Type::primitive(ns);
    TypeRef bits = Type::primitive(ns == PrimType::F16   ? PrimType::U16
                                   : ns == PrimType::F32 ? PrimType::U32
                                                         : PrimType::U64);
    TypeRef i32 = Type::primitive(PrimType::I32);
    std::string prefix = std::string("__") + primName(ns) + "_";
    if (member == "to_bits")
      return NamespaceMember{"__to_bits", Type::function(self, bits)};
    if (member == "from_bits")
      return NamespaceMember{"__from_bits", Type::function(bits, self)};
    if (member == "get_bit")
      return NamespaceMember{prefix + "get_bit",
                             Type::function(i32, Type::function(self, i32))};
    if (member == "set_bit")
      return NamespaceMember{
          prefix + "set_bit",
          Type::function(i32, Type::function(self, Type::function(i32, self)))};
    if (member == "popc" || member == "clz")
      return NamespaceMember{prefix + member, Type::function(self, i32)};
  }
  // Conversions from every primitive type: `f64.i64 : i64 -> f64`, `i32.bool : bool -> i32`.
  // An unsigned type takes a signed integer's bits as unsigned: `u64.i32 (-1)` is
  // 4294967295, zero-extended (`__convert_zext`), as in Futhark.
  if (auto from = primFromName(member); from && inFamily(ns, Family::Num))
    return NamespaceMember{isUnsigned(ns) && isSigned(*from) ? "__convert_zext" : "__convert",
                           Type::function(Type::primitive(*from), Type::primitive(ns))};
  return std::nullopt;
}

std::vector<std::string> primTypeNames() {
  std::vector<std::string> names;
  for (int t = static_cast<int>(PrimType::Bool); t <= static_cast<int>(PrimType::F64); ++t)
    names.push_back(primName(static_cast<PrimType>(t)));
  return names;
}

std::vector<std::string> namespaceMemberNames(PrimType ns) {
  std::vector<std::string> names;
  auto add = [&](const std::string& member) {
    if (std::find(names.begin(), names.end(), member) == names.end() && namespaceMember(ns, member))
      names.push_back(member);
  };
  for (const MemberEntry& e : kMembers)
    add(e.name);
  // The members namespaceMember builds outside the table, conversions included.
  for (const char* member : {"mul_hi", "mad_hi", "num_bits", "to_bits", "from_bits", "get_bit",
                             "set_bit", "popc", "clz"})
    add(member);
  for (const std::string& prim : primTypeNames())
    add(prim);
  return names;
}

} // namespace fjord::sema
