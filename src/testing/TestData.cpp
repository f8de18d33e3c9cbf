#include "testing/TestData.h"

#include "interp/DataFormat.h"
#include "support/Half.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

namespace fjord::testing {
namespace {

void appendLE(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out += static_cast<char>((v >> (8 * i)) & 0xff);
}

// One binary value of `[d1]..[dk]prim` with random elements.
bool appendRandomValue(std::string& out, const std::string& type, std::mt19937_64& rng,
                       std::string& error) {
  std::vector<uint64_t> dims;
  size_t pos = 0;
  while (pos < type.size() && type[pos] == '[') {
    size_t close = type.find(']', pos);
    if (close == std::string::npos) {
      error = "malformed type `" + type + "`";
      return false;
    }
    try {
      dims.push_back(std::stoull(type.substr(pos + 1, close - pos - 1)));
    } catch (const std::exception&) {
      error = "random input needs constant sizes, got `" + type + "`";
      return false;
    }
    pos = close + 1;
  }
  auto prim = primFromName(type.substr(pos));
  if (!prim) {
    error = "unknown element type in `" + type + "`";
    return false;
  }
  uint64_t count = 1;
  for (auto d : dims)
    count *= d;
  std::string name = primName(*prim);
  out += 'b';
  out += static_cast<char>(2);
  out += static_cast<char>(dims.size());
  out += std::string(4 - name.size(), ' ') + name;
  for (auto d : dims)
    appendLE(out, d, 8);
  int bytes = primBytes(*prim);
  std::uniform_int_distribution<int64_t> ints(isUnsigned(*prim) ? 0 : -1000, 1000);
  std::uniform_real_distribution<double> reals(0.0, 1.0);
  out.reserve(out.size() + count * bytes);
  for (uint64_t i = 0; i < count; ++i) {
    if (*prim == PrimType::Bool) {
      out += static_cast<char>(rng() & 1);
    } else if (*prim == PrimType::F32) {
      float f = static_cast<float>(reals(rng));
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      appendLE(out, bits, 4);
    } else if (*prim == PrimType::F64) {
      double d = reals(rng);
      uint64_t bits;
      std::memcpy(&bits, &d, 8);
      appendLE(out, bits, 8);
    } else if (*prim == PrimType::F16) {
      appendLE(out, doubleToHalf(reals(rng)), 2);
    } else {
      appendLE(out, static_cast<uint64_t>(ints(rng)), bytes);
    }
  }
  return true;
}

bool floatsClose(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b))
    return a == b;
  double scale = std::max({1.0, std::fabs(a), std::fabs(b)});
  return std::fabs(a - b) <= 0.002 * scale;
}

std::optional<std::string> compare(const interp::Value& e, const interp::Value& a,
                                   const std::string& where) {
  using K = interp::Value::Kind;
  if (e.kind() != a.kind())
    return where + ": expected " + interp::printValue(e) + ", got " + interp::printValue(a);
  if (e.kind() == K::Prim) {
    const auto& pe = e.prim();
    const auto& pa = a.prim();
    if (pe.type != pa.type)
      return where + ": expected a value of type " + primName(pe.type) + ", got " +
             interp::printPrim(pa);
    bool same = isFloat(pe.type) ? floatsClose(pe.asDouble(), pa.asDouble()) : pe == pa;
    if (!same)
      return where + ": expected " + interp::printPrim(pe) + ", got " + interp::printPrim(pa);
    return std::nullopt;
  }
  if (e.kind() == K::Array) {
    if (e.shape() != a.shape()) {
      auto shapeStr = [](const std::vector<int64_t>& s) {
        std::string out;
        for (auto d : s)
          out += "[" + std::to_string(d) + "]";
        return out;
      };
      return where + ": expected shape " + shapeStr(e.shape()) + ", got " + shapeStr(a.shape());
    }
    for (size_t i = 0; i < e.elems().size(); ++i)
      if (auto d = compare(e.elems()[i], a.elems()[i], where + " element " + std::to_string(i)))
        return d;
    return std::nullopt;
  }
  if (!(e == a))
    return where + ": values differ";
  return std::nullopt;
}

} // namespace

std::optional<std::string> randomInput(const std::string& types, uint64_t seed, std::string& error) {
  std::mt19937_64 rng(seed);
  std::istringstream in(types);
  std::string out;
  for (std::string t; in >> t;)
    if (!appendRandomValue(out, t, rng, error))
      return std::nullopt;
  return out;
}

std::optional<std::string> compareValues(const std::vector<interp::Value>& expected,
                                         const std::vector<interp::Value>& actual) {
  if (expected.size() != actual.size())
    return "expected " + std::to_string(expected.size()) + " values, got " +
           std::to_string(actual.size());
  for (size_t i = 0; i < expected.size(); ++i)
    if (auto d = compare(expected[i], actual[i], "value " + std::to_string(i)))
      return d;
  return std::nullopt;
}

} // namespace fjord::testing
