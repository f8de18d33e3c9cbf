// Edit distance and the closest name to an unknown one (see Suggest.h).
#include "support/Suggest.h"

#include <algorithm>

namespace fjord {

size_t editDistance(const std::string& a, const std::string& b) {
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i)
    d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j)
    d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitute = d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, substitute});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::optional<std::string> closestName(const std::string& wrong,
                                       const std::vector<std::string>& candidates) {
  // Every name of one character is one edit away from any other: no guess for those.
  if (wrong.size() < 2)
    return std::nullopt;
  const size_t limit = std::max<size_t>(1, wrong.size() / 3);
  std::optional<std::string> best;
  size_t bestDistance = limit + 1;
  for (const std::string& c : candidates) {
    if (c == wrong || c.rfind("__", 0) == 0)
      continue;
    // The length difference bounds the distance from below: skip hopeless candidates cheaply.
    size_t lengthGap = c.size() > wrong.size() ? c.size() - wrong.size() : wrong.size() - c.size();
    if (lengthGap > bestDistance)
      continue;
    size_t d = editDistance(wrong, c);
    // Equally close: the shorter (`mapp`: `map`, not `map5`), then the earlier.
    if (d < bestDistance || (d == bestDistance && best && c.size() < best->size())) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

std::string didYouMean(const std::string& wrong, const std::vector<std::string>& candidates) {
  auto best = closestName(wrong, candidates);
  return best ? "; did you mean `" + *best + "`?" : "";
}

} // namespace fjord
