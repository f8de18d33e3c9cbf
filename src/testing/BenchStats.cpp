// Statistics and the JSON layout of `fjord bench` (testing/BenchStats.h).
#include "testing/BenchStats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace fjord::testing {

RunStats runStats(const std::vector<double>& runtimes) {
  RunStats s;
  if (runtimes.empty())
    return s;
  std::vector<double> sorted = runtimes;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  s.min = sorted.front();
  s.max = sorted.back();
  s.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  s.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(n);
  if (n > 1 && s.mean != 0) {
    double squares = 0;
    for (double t : sorted)
      squares += (t - s.mean) * (t - s.mean);
    s.rsd = std::sqrt(squares / static_cast<double>(n - 1)) / s.mean;
  }
  return s;
}

std::string benchJson(const BenchResults& results) {
  nlohmann::ordered_json root = nlohmann::ordered_json::object();
  for (const auto& [program, datasets] : results) {
    nlohmann::ordered_json sets = nlohmann::ordered_json::object();
    for (const auto& [name, result] : datasets) {
      if (!result.error.empty()) {
        sets[name] = result.error;
        continue;
      }
      nlohmann::ordered_json runtimes = nlohmann::ordered_json::array();
      for (double t : result.runtimes)
        runtimes.push_back(static_cast<int64_t>(std::llround(t)));
      sets[name] = {{"runtimes", runtimes},
                    {"bytes", {{"device", result.deviceBytes}}},
                    {"stderr", ""}};
    }
    root[program] = {{"datasets", sets}};
  }
  return root.dump(2) + "\n";
}

} // namespace fjord::testing
