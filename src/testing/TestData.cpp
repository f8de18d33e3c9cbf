// Random test inputs in Futhark's binary data format and tolerant comparison of values
// (see TestData.h).
#include "testing/TestData.h"

#include "testing/DataFile.h"
#include "testing/Process.h"
#include "testing/TestScript.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema/Check.h"
#include "support/Half.h"

#include <algorithm>
#include <cctype>
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

// Splits `[d1]..[dk]prim` into its sizes and element type.
bool parseRandomType(const std::string& type, std::vector<uint64_t>& dims, PrimType& prim,
                     std::string& error) {
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
      error = "random input needs constant sizes (like [100]i32), got `" + type + "`";
      return false;
    }
    pos = close + 1;
  }
  auto parsed = primFromName(type.substr(pos));
  if (!parsed) {
    error = "unknown element type in `" + type + "`";
    return false;
  }
  prim = *parsed;
  return true;
}

// A constant among random input's types (`10`, `-3i64`, `0.5f32`, `true`): true if `word`
// is one, with its binary form appended (or `error` set when it does not read as a value).
bool appendConstant(std::string& out, const std::string& word, bool& ok, std::string& error) {
  char first = word.empty() ? '\0' : word[0];
  bool isConstant = std::isdigit(static_cast<unsigned char>(first)) || first == '-' ||
                    first == '.' || word == "true" || word == "false";
  if (!isConstant)
    return false;
  auto values = interp::readAllValues(word, error);
  ok = values && values->size() == 1;
  if (ok)
    out += interp::writeBinary(values->front());
  else
    error = "random input: `" + word + "` is neither a type nor a constant" +
            (values ? "" : " (" + error + ")");
  return true;
}

// One binary value of `[d1]..[dk]prim` with random elements.
bool appendRandomValue(std::string& out, const std::string& type, std::mt19937_64& rng,
                       const RandomBounds& bounds, std::string& error) {
  bool constantOk = false;
  if (appendConstant(out, type, constantOk, error))
    return constantOk;
  std::vector<uint64_t> dims;
  PrimType prim{};
  if (!parseRandomType(type, dims, prim, error))
    return false;
  uint64_t count = 1;
  for (auto d : dims)
    count *= d;
  std::string name = primName(prim);
  out += 'b';
  out += static_cast<char>(2);
  out += static_cast<char>(dims.size());
  out += std::string(4 - name.size(), ' ') + name;
  for (auto d : dims)
    appendLE(out, d, 8);
  int bytes = primBytes(prim);
  auto bound = bounds.find(name);
  bool given = bound != bounds.end();
  std::uniform_int_distribution<int64_t> ints(
      given ? static_cast<int64_t>(bound->second.first) : isUnsigned(prim) ? 0 : -1000,
      given ? static_cast<int64_t>(bound->second.second) : 1000);
  std::uniform_real_distribution<double> reals(given ? bound->second.first : 0.0,
                                               given ? bound->second.second : 1.0);
  out.reserve(out.size() + count * bytes);
  for (uint64_t i = 0; i < count; ++i) {
    if (prim == PrimType::Bool) {
      out += static_cast<char>(rng() & 1);
    } else if (prim == PrimType::F32) {
      float f = static_cast<float>(reals(rng));
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      appendLE(out, bits, 4);
    } else if (prim == PrimType::F64) {
      double d = reals(rng);
      uint64_t bits;
      std::memcpy(&bits, &d, 8);
      appendLE(out, bits, 8);
    } else if (prim == PrimType::F16) {
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

std::optional<uint64_t> randomInputBytes(const std::string& types, std::string& error) {
  std::istringstream in(types);
  uint64_t total = 0;
  for (std::string t; in >> t;) {
    std::string constant;
    bool constantOk = false;
    if (appendConstant(constant, t, constantOk, error)) {
      if (!constantOk)
        return std::nullopt;
      total += constant.size();
      continue;
    }
    std::vector<uint64_t> dims;
    PrimType prim{};
    if (!parseRandomType(t, dims, prim, error))
      return std::nullopt;
    uint64_t count = 1;
    for (auto d : dims)
      count *= d;
    total += 7 + 8 * dims.size() + count * static_cast<uint64_t>(primBytes(prim));
  }
  return total;
}

uint64_t randomInputSeed(const TestCase& c) { return 0x5eed0000u + static_cast<uint64_t>(c.line); }

std::optional<std::string> caseInput(const TestCase& c, const std::filesystem::path& program,
                                     std::string& error, const driver::CheckedProgram* prog,
                                     bool* unsupported) {
  if (c.input)
    return *c.input;
  if (c.inputFile)
    return readDataFile(program.parent_path() / *c.inputFile, error);
  if (c.randomInput)
    return randomInput(*c.randomInput, randomInputSeed(c), error);
  if (c.scriptInput || c.scriptFile) {
    std::optional<std::string> script = c.scriptInput;
    if (c.scriptFile && !(script = readDataFile(program.parent_path() / *c.scriptFile, error)))
      return std::nullopt;
    ScriptResult result = evalScriptInput(*script, program, prog);
    if (unsupported)
      *unsupported = result.unsupported;
    if (!result.data)
      error = result.error;
    return result.data;
  }
  return std::string();
}

bool hasExpectedValues(const TestCase& c) { return c.output || c.outputFile; }

std::optional<std::vector<interp::Value>> expectedValues(const TestCase& c,
                                                         const std::filesystem::path& program,
                                                         const driver::CheckedProgram& prog,
                                                         const std::string& entry,
                                                         std::string& error) {
  std::optional<std::string> text = c.output;
  if (c.outputFile && !(text = readDataFile(program.parent_path() / *c.outputFile, error)))
    return std::nullopt;
  if (!text) {
    error = "the case states no expected values";
    return std::nullopt;
  }
  const ast::Decl* decl = driver::checkedOf(prog).findEntry(entry);
  if (!decl) {
    error = "no entry point `" + entry + "`";
    return std::nullopt;
  }
  auto values = interp::readValues(*text, interp::entryResultTypes(*decl), error);
  if (!values)
    error = "cannot read the expected output: " + error;
  return values;
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
