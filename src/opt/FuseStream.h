// Stream fusion (PLDI'17 §4, rules F1–F7), private to opt/: turning Scremas into streams
// and fusing two streams into one. Fuse.cpp decides legality and where to fuse.
#pragma once
#include "ir/IR.h"

#include <functional>
#include <optional>

namespace fjord::opt::detail {

/// The number of leading results of a Screma or Stream statement that are not mapped
/// arrays (scan/reduce results; a stream's accumulators or reduction results).
size_t nonMapResults(const ir::Stm& s);

/// The streaming form of a Screma statement with the same pattern, whose function runs the
/// Screma (renamed) on each chunk: a map becomes a stream_map (F1), a map-reduce a
/// stream_red with the same operators (F3). Scans have no streaming form here (nullopt).
std::optional<ir::Stream> scremaAsStream(const ir::Stm& s, ir::NameSource& names);

/// F5: a Screma with scans (and maps, reductions) as an equivalent stream_seq statement.
/// Each scan gets an accumulator (its running total before the chunk): the chunk is scanned,
/// the accumulator is combined into every element, and the last element becomes the next
/// accumulator (unchanged for an empty chunk). Reductions combine each chunk's partial
/// result into their accumulators. The pattern gains one fresh scalar per scan operand
/// (first); nullopt where a scan operand is not a scalar.
std::optional<ir::Stm> scanAsSeq(const ir::Stm& s, ir::NameSource& names);

/// The kind of the stream fusing a producer of kind `p` and a consumer of kind `c`, if they
/// fuse: map and red fuse to red, any of them with map (F6); seq with anything to seq
/// (F7; a stream_red first becomes a stream_seq with redAsSeq).
std::optional<ir::Stream::Kind> fusedKind(ir::Stream::Kind p, ir::Stream::Kind c);

/// A stream_red as the equivalent stream_seq (F4 in stream form): the accumulators start at
/// the neutral elements and each chunk's partial results are combined into them.
ir::Stream redAsSeq(const ir::Stream& s, ir::NameSource& names);

/// Fuses the stream statement `ps` into the later stream statement `cs` (same width; the
/// caller checked legality): one stream whose function runs the producer's function on a
/// chunk, then the consumer's on the producer's chunk results. Producer chunk results are
/// kept only where `liveAfter` says so. Result order: producer's then consumer's
/// accumulators/reductions, then their mapped chunks.
ir::Stm fuseStreams(const ir::Stm& ps, const ir::Stm& cs,
                    const std::function<bool(const ir::VName&)>& liveAfter);

} // namespace fjord::opt::detail
