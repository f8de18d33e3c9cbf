// Reading and printing values in Futhark's text and binary data formats.
#include "interp/DataFormat.h"
#include "support/Half.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace fjord::interp {

namespace {

constexpr PrimType kPrims[] = {PrimType::I8,  PrimType::I16, PrimType::I32, PrimType::I64,
                               PrimType::U8,  PrimType::U16, PrimType::U32, PrimType::U64,
                               PrimType::F16, PrimType::F32, PrimType::F64, PrimType::Bool};

// --- binary type names -------------------------------------------------------------------

std::string binaryTypeName(PrimType t) {
  std::string n = primName(t);
  return std::string(4 - n.size(), ' ') + n;
}

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape)
    s += "[" + std::to_string(d) + "]";
  return s;
}

/// The number of elements of `shape`, or an error for a negative dimension or a count that
/// overflows int64 (zero dimensions aside, so that the others' product is bounded too).
std::optional<int64_t> elementCount(const std::vector<int64_t>& shape, std::string& error) {
  int64_t product = 1;
  bool zero = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {
      error = "dimension " + std::to_string(i) + " of the shape " + shapeText(shape) + " is negative";
      return std::nullopt;
    }
    if (shape[i] == 0) {
      zero = true;
      continue;
    }
    if (__builtin_mul_overflow(product, shape[i], &product)) {
      error = "the shape " + shapeText(shape) + " has more elements than int64 can count";
      return std::nullopt;
    }
  }
  return zero ? 0 : product;
}

/// Whether the integer `bits` (two's complement when `negative`) is a value of `t`.
bool fitsIn(PrimType t, bool negative, uint64_t bits) {
  int width = 8 * primBytes(t);
  if (!isSigned(t))
    return (!negative || bits == 0) && (width == 64 || bits < (uint64_t(1) << width));
  if (width == 64)
    return negative ? bits <= (uint64_t(1) << 63) : bits < (uint64_t(1) << 63);
  uint64_t limit = uint64_t(1) << (width - 1);
  return negative ? bits <= limit : bits < limit;
}

class Reader {
public:
  explicit Reader(std::string_view s) : s_(s) {}

  bool atEnd() {
    skip();
    return pos_ >= s_.size();
  }

  /// Reads one value, guided by `expected` (may be null).
  std::optional<Value> value(const TypeRef& expected) {
    if (expected && expected->kind == Type::Kind::Sum) {
      // What a compiled executable prints for a sum result, kept as a constructor of that
      // name (it prints back the same); arguments have no such form.
      skip();
      if (readsOpaque && s_.substr(pos_).rfind("#<opaque ", 0) == 0 &&
          s_.find('>', pos_) != std::string_view::npos) {
        size_t end = s_.find('>', pos_);
        std::string name(s_.substr(pos_ + 1, end - pos_));
        pos_ = end + 1;
        return Value::constructor(std::move(name), {});
      }
      error = "a value of type `" + expected->str() +
              "`, which the data format cannot express (call the entry point through the C API)";
      return std::nullopt;
    }
    skip();
    if (pos_ >= s_.size())
      return fail("unexpected end of input, expected a value");
    if (s_[pos_] == 'b' && pos_ + 1 < s_.size() && s_[pos_ + 1] == 2)
      return binary(expected);
    if (s_[pos_] == '[')
      return array(expected);
    if (eat("empty"))
      return empty(expected);
    if (eat("true"))
      return Value(PrimValue::boolean(true));
    if (eat("false"))
      return Value(PrimValue::boolean(false));
    return number(expected);
  }

  std::string error;
  bool readsOpaque = false; ///< accept `#<opaque NAME>` for a sum value (program output)

private:
  std::nullopt_t fail(const std::string& msg) {
    if (error.empty())
      error = msg + " at offset " + std::to_string(pos_);
    return std::nullopt;
  }

  void skip() {
    while (pos_ < s_.size()) {
      if (std::isspace(static_cast<unsigned char>(s_[pos_]))) {
        ++pos_;
      } else if (s_.compare(pos_, 2, "--") == 0) {
        while (pos_ < s_.size() && s_[pos_] != '\n')
          ++pos_;
      } else {
        break;
      }
    }
  }

  bool eat(std::string_view tok) {
    skip();
    if (s_.compare(pos_, tok.size(), tok) != 0)
      return false;
    pos_ += tok.size();
    return true;
  }

  std::optional<PrimType> primSuffix() {
    for (PrimType t : kPrims) {
      std::string_view n = primName(t);
      if (s_.compare(pos_, n.size(), n) == 0) {
        pos_ += n.size();
        return t;
      }
    }
    return std::nullopt;
  }

  static TypeRef rowOf(const TypeRef& t) {
    return t && t->kind == Type::Kind::Array ? t->rowType() : nullptr;
  }

  std::optional<Value> array(const TypeRef& expected) {
    // Nesting is recursion here: bounded, so that `[[[[...` cannot overflow the stack (found
    // by fuzzing). 255 is the highest rank the binary format can state.
    struct Nesting {
      int& depth;
      ~Nesting() { --depth; }
    } nesting{++depth_};
    if (depth_ > kMaxArrayNesting)
      return fail("array literal nested more than " + std::to_string(kMaxArrayNesting) +
                  " levels deep");
    ++pos_; // '['
    TypeRef rowType = rowOf(expected);
    std::vector<Value> rows;
    if (eat("]"))
      return fail("empty array literal `[]`; write `empty([0]t)`");
    do {
      auto v = value(rowType);
      if (!v)
        return std::nullopt;
      if (!rowType && v->kind() == Value::Kind::Prim)
        rowType = Type::primitive(v->prim().type); // the first element sets the type
      if (!rows.empty() && v->kind() == Value::Kind::Prim && rows[0].kind() == Value::Kind::Prim &&
          v->prim().type != rows[0].prim().type)
        return fail(std::string("array elements of different types ") +
                    primName(rows[0].prim().type) + " and " + primName(v->prim().type));
      rows.push_back(std::move(*v));
    } while (eat(","));
    if (!eat("]"))
      return fail("expected `,` or `]` in array");
    Value out;
    if (!Value::fromRows(rows, {}, out))
      return fail("irregular array: rows of different shapes");
    return out;
  }

  std::optional<Value> empty(const TypeRef& expected) {
    if (!eat("("))
      return fail("expected `(` after `empty`");
    std::vector<int64_t> shape;
    while (eat("[")) {
      skip();
      int64_t d = 0;
      auto [p, ec] = std::from_chars(s_.data() + pos_, s_.data() + s_.size(), d);
      if (ec == std::errc::result_out_of_range)
        return fail("dimension " + std::to_string(shape.size()) + " in `empty(...)` is out of range");
      if (ec != std::errc())
        return fail("expected a dimension in `empty(...)`");
      if (d < 0)
        return fail("dimension " + std::to_string(shape.size()) + " in `empty(...)` is negative: " +
                    std::to_string(d));
      pos_ = p - s_.data();
      shape.push_back(d);
      if (!eat("]"))
        return fail("expected `]` in `empty(...)`");
    }
    skip();
    auto t = primSuffix();
    if (!t || shape.empty())
      return fail("expected `empty([n]...t)` with a primitive element type");
    if (!eat(")"))
      return fail("expected `)` after `empty(...`");
    bool hasZero = false;
    for (int64_t d : shape)
      hasZero = hasZero || d == 0;
    if (!hasZero)
      return fail("`empty(...)` needs a dimension of size 0");
    if (expected && expected->kind == Type::Kind::Array && expected->elem->kind == Type::Kind::Prim &&
        (expected->elem->prim != *t || expected->shape.size() != shape.size()))
      return fail("expected a value of type `" + expected->str() + "`");
    return Value::array(std::move(shape), {});
  }

  std::optional<Value> number(const TypeRef& expected) {
    size_t start = pos_;
    bool neg = false;
    if (s_[pos_] == '-') {
      neg = true;
      ++pos_;
    }
    std::optional<PrimType> want;
    if (expected && expected->kind == Type::Kind::Prim)
      want = expected->prim;
    // f32.nan, f64.inf, -f32.inf
    for (PrimType t : {PrimType::F16, PrimType::F32, PrimType::F64}) {
      std::string n = primName(t);
      for (const char* special : {".nan", ".inf"}) {
        if (s_.compare(pos_, n.size() + 4, n + special) == 0) {
          pos_ += n.size() + 4;
          double v = special[1] == 'n' ? std::numeric_limits<double>::quiet_NaN()
                                       : std::numeric_limits<double>::infinity();
          return checkType(PrimValue::floating(t, neg ? -v : v), want, start);
        }
      }
    }
    size_t numStart = pos_;
    bool isFloatText = false;
    uint64_t intBits = 0;
    double fv = 0;
    if (s_.compare(pos_, 2, "0x") == 0) {
      pos_ += 2;
      auto [p, ec] = std::from_chars(s_.data() + pos_, s_.data() + s_.size(), intBits, 16);
      if (ec == std::errc::result_out_of_range)
        return fail("integer literal `" + std::string(s_.substr(start, p - s_.data() - start)) +
                    "` is out of range");
      if (ec != std::errc())
        return fail("malformed hexadecimal number");
      pos_ = p - s_.data();
    } else {
      while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) ||
                                  s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'E' ||
                                  ((s_[pos_] == '-' || s_[pos_] == '+') && pos_ > numStart &&
                                   (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E')))) {
        isFloatText = isFloatText || !std::isdigit(static_cast<unsigned char>(s_[pos_]));
        ++pos_;
      }
      if (pos_ == numStart)
        return fail("expected a value");
      std::string text(s_.substr(numStart, pos_ - numStart));
      if (isFloatText) {
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), fv);
        if (ec != std::errc() || p != text.data() + text.size())
          return fail("malformed number `" + text + "`");
      } else {
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), intBits);
        if (ec == std::errc::result_out_of_range)
          return fail("integer literal `" + std::string(neg ? "-" : "") + text + "` is out of range");
        if (ec != std::errc())
          return fail("malformed number `" + text + "`");
      }
    }
    auto suffix = primSuffix();
    if (suffix && *suffix == PrimType::Bool)
      return fail("malformed number");
    PrimType t = suffix ? *suffix : want ? *want : isFloatText ? PrimType::F64 : PrimType::I32;
    if (suffix && want && *suffix != *want)
      return fail(std::string("expected a value of type `") + primName(*want) + "`, got one of type `" +
                  primName(*suffix) + "`");
    if (isFloatText && !isFloat(t))
      return fail(std::string("a number with a fraction cannot have type `") + primName(t) + "`");
    if (isFloatText)
      return Value(PrimValue::floating(t, neg ? -fv : fv));
    if (isFloat(t))
      return Value(PrimValue::floating(t, neg ? -static_cast<double>(intBits) : static_cast<double>(intBits)));
    if (!fitsIn(t, neg, intBits)) {
      std::string text(s_.substr(start, pos_ - start));
      pos_ = start;
      return fail("integer literal `" + text + "` is out of range for " + primName(t));
    }
    return Value(PrimValue::integer(t, neg ? ~intBits + 1 : intBits));
  }

  std::optional<Value> checkType(PrimValue p, std::optional<PrimType> want, size_t start) {
    if (want && *want != p.type) {
      pos_ = start;
      return fail(std::string("expected a value of type `") + primName(*want) + "`");
    }
    return Value(p);
  }

  template <typename T> bool raw(T& out) {
    if (pos_ + sizeof(T) > s_.size())
      return false;
    std::memcpy(&out, s_.data() + pos_, sizeof(T)); // the format is little-endian, as is the host
    pos_ += sizeof(T);
    return true;
  }

  std::optional<Value> binary(const TypeRef& expected) {
    pos_ += 2; // 'b', version 2
    uint8_t rank;
    if (!raw(rank) || pos_ + 4 > s_.size())
      return fail("truncated binary value");
    std::string tname(s_.substr(pos_, 4));
    pos_ += 4;
    std::optional<PrimType> t;
    for (PrimType p : kPrims)
      if (binaryTypeName(p) == tname)
        t = p;
    if (!t)
      return fail("unknown binary type `" + tname + "`");
    std::vector<int64_t> shape;
    for (int i = 0; i < rank; ++i) {
      uint64_t d;
      if (!raw(d))
        return fail("truncated binary value");
      shape.push_back(static_cast<int64_t>(d));
    }
    std::string shapeError;
    std::optional<int64_t> count = elementCount(shape, shapeError);
    if (!count)
      return fail(shapeError);
    int bytes = primBytes(*t);
    size_t left = s_.size() - pos_;
    if (static_cast<uint64_t>(*count) > left / bytes)
      return fail("the shape " + shapeText(shape) + " needs " + std::to_string(*count) +
                  " elements of " + std::to_string(bytes) + " bytes, but only " +
                  std::to_string(left) + " bytes are left");
    std::vector<Value> elems;
    for (int64_t i = 0; i < *count; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, s_.data() + pos_, bytes);
      pos_ += bytes;
      PrimValue p;
      if (*t == PrimType::F64) {
        double d;
        std::memcpy(&d, &bits, 8);
        p = PrimValue::floating(*t, d);
      } else if (*t == PrimType::F32) {
        float f;
        std::memcpy(&f, &bits, 4);
        p = PrimValue::floating(*t, f);
      } else if (*t == PrimType::F16) {
        p = PrimValue::floating(*t, halfToDouble(static_cast<uint16_t>(bits)));
      } else {
        p = PrimValue::integer(*t, bits);
      }
      elems.emplace_back(p);
    }
    Value v = rank == 0 ? elems[0] : Value::array(std::move(shape), std::move(elems));
    if (expected) {
      TypeRef elemT = expected->kind == Type::Kind::Array ? expected->elem : expected;
      if (expected->rank() != rank || elemT->kind != Type::Kind::Prim || elemT->prim != *t)
        return fail("expected a value of type `" + expected->str() + "`, got a binary value of type " +
                    tname);
    }
    return v;
  }

  static constexpr int kMaxArrayNesting = 255;
  std::string_view s_;
  size_t pos_ = 0;
  int depth_ = 0; ///< arrays being read, the innermost included
};

/// Haskell's `show` for doubles, which Futhark's printer uses: fixed notation for
/// 0.1 <= |x| < 10^7 (always with a fraction), else `d.ddde<exp>`.
std::string showFloat(double x, bool single) {
  char buf[64];
  auto r = single ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(x),
                                  std::chars_format::scientific)
                  : std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string sci(buf, r.ptr);
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  size_t e = sci.find('e');
  std::string digits = sci.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int exp = std::stoi(sci.substr(e + 1));
  if (x == 0)
    return sign + "0.0";
  if (exp >= -1 && exp < 7) {
    std::string intPart, frac;
    if (exp >= 0) {
      intPart = digits.substr(0, std::min<size_t>(digits.size(), exp + 1));
      intPart += std::string(exp + 1 - intPart.size(), '0');
      frac = digits.size() > static_cast<size_t>(exp + 1) ? digits.substr(exp + 1) : "0";
    } else {
      intPart = "0";
      frac = digits;
    }
    return sign + intPart + "." + frac;
  }
  std::string mant = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
  return sign + mant + "e" + std::to_string(exp);
}

} // namespace

std::optional<std::vector<Value>> readValues(std::string_view input,
                                             const std::vector<TypeRef>& expected,
                                             std::string& error, std::string_view what) {
  Reader r(input);
  r.readsOpaque = what != "argument";
  std::vector<Value> out;
  for (const TypeRef& t : expected) {
    auto v = r.value(t);
    if (!v) {
      error = std::string(what) + " " + std::to_string(out.size() + 1) + ": " + r.error;
      return std::nullopt;
    }
    out.push_back(std::move(*v));
  }
  if (!r.atEnd()) {
    error = "more values than the " + std::to_string(expected.size()) + " expected";
    return std::nullopt;
  }
  return out;
}

std::optional<std::vector<Value>> readAllValues(std::string_view input, std::string& error) {
  Reader r(input);
  std::vector<Value> out;
  while (!r.atEnd()) {
    auto v = r.value(nullptr);
    if (!v) {
      error = r.error;
      return std::nullopt;
    }
    out.push_back(std::move(*v));
  }
  return out;
}

std::string printPrim(const PrimValue& p) {
  std::string suffix = primName(p.type);
  if (p.type == PrimType::Bool)
    return p.asBool() ? "true" : "false";
  if (isFloat(p.type)) {
    if (std::isnan(p.f))
      return suffix + ".nan";
    if (std::isinf(p.f))
      return (p.f < 0 ? "-" : "") + suffix + ".inf";
    return showFloat(p.f, p.type != PrimType::F64) + suffix;
  }
  if (isSigned(p.type))
    return std::to_string(p.asSigned()) + suffix;
  return std::to_string(p.bits) + suffix;
}

std::string printValue(const Value& v, const TypeRef& type) {
  switch (v.kind()) {
  case Value::Kind::Prim:
    return printPrim(v.prim());
  case Value::Kind::Array: {
    if (v.elems().empty()) {
      std::string s = "empty(";
      for (int64_t d : v.shape())
        s += "[" + std::to_string(d) + "]";
      TypeRef elem = type && type->kind == Type::Kind::Array ? type->elem : nullptr;
      return s + (elem ? elem->str() : std::string("i32")) + ")";
    }
    TypeRef row = type && type->kind == Type::Kind::Array ? type->rowType() : nullptr;
    std::string s = "[";
    for (int64_t i = 0; i < v.rows(); ++i)
      s += (i ? ", " : "") + printValue(v.row(i), row);
    return s + "]";
  }
  case Value::Kind::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < v.components().size(); ++i)
      s += (i ? ", " : "") +
           printValue(v.components()[i],
                      type && type->kind == Type::Kind::Tuple ? type->elems[i] : nullptr);
    return s + ")";
  }
  case Value::Kind::Record: {
    std::string s = "{";
    for (size_t i = 0; i < v.components().size(); ++i)
      s += (i ? ", " : "") + v.fieldNames()[i] + " = " + printValue(v.components()[i]);
    return s + "}";
  }
  case Value::Kind::Sum: {
    std::string s = "#" + v.constructorName();
    for (const Value& p : v.components())
      s += " " + printValue(p);
    return s;
  }
  case Value::Kind::Function:
    return "#<function>";
  case Value::Kind::Acc:
    return "#<accumulator>";
  }
  return "";
}

std::string writeBinary(const Value& v, const TypeRef& type) {
  std::vector<int64_t> shape = v.kind() == Value::Kind::Array ? v.shape() : std::vector<int64_t>{};
  std::vector<Value> elems = v.kind() == Value::Kind::Array ? v.elems() : std::vector<Value>{v};
  TypeRef elemType = type && type->kind == Type::Kind::Array ? type->elem : type;
  PrimType t = !elems.empty() ? elems[0].prim().type
               : elemType && elemType->kind == Type::Kind::Prim ? elemType->prim
                                                                 : PrimType::I32;
  std::string out = "b";
  out += static_cast<char>(2);
  out += static_cast<char>(shape.size());
  out += binaryTypeName(t);
  for (int64_t d : shape) {
    uint64_t u = static_cast<uint64_t>(d);
    out.append(reinterpret_cast<const char*>(&u), 8);
  }
  for (const Value& e : elems) {
    const PrimValue& p = e.prim();
    uint64_t bits = p.bits;
    if (p.type == PrimType::F64)
      std::memcpy(&bits, &p.f, 8);
    else if (p.type == PrimType::F32) {
      float f = static_cast<float>(p.f);
      bits = 0;
      std::memcpy(&bits, &f, 4);
    } else if (p.type == PrimType::F16)
      bits = doubleToHalf(p.f);
    out.append(reinterpret_cast<const char*>(&bits), primBytes(p.type));
  }
  return out;
}

} // namespace fjord::interp
