// Random test inputs in Futhark's binary data format and tolerant comparison of values
// (see TestData.h).
#include "testing/TestData.h"

#include "testing/Process.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema/Check.h"
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
                       const RandomBounds& bounds, std::string& error) {
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
  auto bound = bounds.find(name);
  bool given = bound != bounds.end();
  std::uniform_int_distribution<int64_t> ints(
      given ? static_cast<int64_t>(bound->second.first) : isUnsigned(*prim) ? 0 : -1000,
      given ? static_cast<int64_t>(bound->second.second) : 1000);
  std::uniform_real_distribution<double> reals(given ? bound->second.first : 0.0,
                                               given ? bound->second.second : 1.0);
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
  return randomInput(types, seed, RandomBounds{}, error);
}

std::optional<std::string> randomInput(const std::string& types, uint64_t seed,
                                       const RandomBounds& bounds, std::string& error) {
  std::mt19937_64 rng(seed);
  std::istringstream in(types);
  std::string out;
  for (std::string t; in >> t;)
    if (!appendRandomValue(out, t, rng, bounds, error))
      return std::nullopt;
  return out;
}

std::optional<std::string> caseInput(const TestCase& c, const std::filesystem::path& program,
                                     std::string& error) {
  if (c.input)
    return *c.input;
  if (c.inputFile)
    return readWholeFile((program.parent_path() / *c.inputFile).string());
  if (c.randomInput)
    return randomInput(*c.randomInput, 0x5eed0000u + c.line, error);
  return std::string();
}

std::optional<std::vector<interp::Value>> interpretEntry(const driver::CheckedProgram& prog,
                                                         const std::string& entry,
                                                         const std::string& input,
                                                         std::string& error) {
  const sema::CheckedProgram& checked = driver::checkedOf(prog);
  const ast::Decl* decl = checked.findEntry(entry);
  if (!decl) {
    error = "no entry point `" + entry + "`";
    return std::nullopt;
  }
  auto args = interp::readValues(input, interp::entryParamTypes(*decl), error, "argument");
  if (!args) {
    error = "invalid input: " + error;
    return std::nullopt;
  }
  DiagnosticEngine diags;
  interp::Interpreter interpreter(checked);
  auto results = interpreter.callEntry(entry, *args, diags);
  if (!results)
    error = diags.render();
  return results;
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
