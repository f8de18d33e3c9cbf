// `fjord dataset` (testing/Dataset.h).
#include "testing/Dataset.h"

#include "interp/DataFormat.h"
#include "syntax/Type.h"

#include <cctype>
#include <iostream>

namespace fjord::testing {
namespace {

/// `[n]...[m]prim` or `prim`: a type to draw random values of.
bool isType(const std::string& arg) {
  size_t pos = 0;
  while (pos < arg.size() && arg[pos] == '[') {
    size_t close = arg.find(']', pos);
    if (close == std::string::npos)
      return false;
    pos = close + 1;
  }
  return primFromName(arg.substr(pos)).has_value();
}

} // namespace

bool parseBounds(const std::string& type, const std::string& text, RandomBounds& bounds) {
  size_t colon = text.find(':', 1); // position 0 may be a minus sign
  if (colon == std::string::npos)
    return false;
  try {
    size_t usedLow = 0, usedHigh = 0;
    double low = std::stod(text.substr(0, colon), &usedLow);
    double high = std::stod(text.substr(colon + 1), &usedHigh);
    if (usedLow != colon || usedHigh != text.size() - colon - 1 || high < low)
      return false;
    bounds[type] = {low, high};
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

std::optional<std::string> generateDataset(const DatasetArgs& args, std::string& error) {
  std::string out;
  for (size_t i = 0; i < args.generate.size(); ++i) {
    const std::string& arg = args.generate[i];
    std::string binary;
    if (isType(arg)) {
      auto random = randomInput(arg, args.seed + i, args.bounds, error);
      if (!random) {
        error = "-g " + arg + ": " + error;
        return std::nullopt;
      }
      binary = *random;
    } else {
      std::string valueError;
      auto values = interp::readAllValues(arg, valueError);
      if (!values || values->size() != 1) {
        error = "-g " + arg + ": neither a type like [10]f32 nor a value like 10i64" +
                (values ? "" : " (" + valueError + ")");
        return std::nullopt;
      }
      if (!args.binary) {
        out += interp::printValue(values->front()) + "\n";
        continue;
      }
      binary = interp::writeBinary(values->front());
    }
    if (args.binary) {
      out += binary;
      continue;
    }
    auto values = interp::readAllValues(binary, error);
    if (!values)
      return std::nullopt;
    for (const interp::Value& v : *values)
      out += interp::printValue(v) + "\n";
  }
  return out;
}

int cmdDataset(const DatasetArgs& args) {
  std::string error;
  auto data = generateDataset(args, error);
  if (!data) {
    std::cerr << "fjord: error: " << error << "\n";
    return 1;
  }
  std::cout.write(data->data(), static_cast<std::streamsize>(data->size()));
  return std::cout ? 0 : 1;
}

} // namespace fjord::testing
