// "Did you mean ...?" for unknown names: the closest of the names in scope by edit distance,
// offered only when it is close enough to be a likely typo.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace fjord {

/// The number of single-character insertions, deletions, substitutions and swaps of two
/// adjacent characters that turn `a` into `b` (optimal string alignment distance).
size_t editDistance(const std::string& a, const std::string& b);

/// The candidate closest to `wrong`, if within max(1, |wrong|/3) edits (and not `wrong`
/// itself); among equally close ones the shortest, then the first in `candidates` (list the
/// innermost scope first). Names starting with `__` (the compiler's own) are never offered,
/// and a name of one character gets no suggestion (every other one is one edit away).
std::optional<std::string> closestName(const std::string& wrong,
                                       const std::vector<std::string>& candidates);

/// "; did you mean `sqrt`?" for the closest candidate, or "" when none is close enough.
std::string didYouMean(const std::string& wrong, const std::vector<std::string>& candidates);

} // namespace fjord
