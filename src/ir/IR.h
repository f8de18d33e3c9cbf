// The core IR: administrative normal form, one set of types from internalisation to memory
// (see docs/architecture.md, "IR types").
//
//   Prog    = FunDef*
//   FunDef  = name, params, return types, Body
//   Body    = Stm* ; result SubExp*
//   Stm     = `let pat = exp` (several names: multiple return values), with provenance
//   Exp     = BasicOp | If | Loop | Apply | Op
//   Op      = Soac (core stage) | SegOp (after gpu/) | Alloc (after mem/)
//
// Every operand is a SubExp: a constant or a variable. Arrays are always arrays of scalars
// (internalisation turns arrays of tuples into tuples of arrays). After mem/, every
// array-typed PatElem/Param carries `mem` (its memory block and LMAD; see ir/MemInfo.h).
// Nodes are plain values: a pass builds a new Prog.
#pragma once
#include <algorithm>
#include "ir/Interface.h"
#include "prim/Ops.h"
#include "prim/PrimValue.h"
#include "support/SourceSpan.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace fjord::ir {

// The scalar vocabulary is prim/'s; ir:: names it for the stages that spell it that way.
using fjord::BinOpKind;
using fjord::binOpName;
using fjord::CmpOpKind;
using fjord::cmpOpName;
using fjord::PrimType;
using fjord::PrimValue;
using fjord::UnOpKind;
using fjord::unOpName;

/// A variable: a source-derived name plus a tag unique within the program. Printed
/// `name_tag`; generated code uses source names, made unique by imp/ (imp/Names.h).
struct VName {
  std::string name;
  int tag = 0;
  std::string str() const { return name + "_" + std::to_string(tag); }
  bool operator==(const VName& o) const { return tag == o.tag && name == o.name; }
  bool operator<(const VName& o) const { return tag != o.tag ? tag < o.tag : name < o.name; }
};

/// Hands out fresh, deterministic tags (one per program).
class NameSource {
public:
  explicit NameSource(int next = 1) : next_(next) {}
  VName fresh(std::string name) { return VName{std::move(name), next_++}; }
  int peek() const { return next_; }

private:
  int next_;
};

/// An operand: a constant or a variable.
struct SubExp {
  std::variant<PrimValue, VName> v;
  SubExp() : v(PrimValue{}) {}
  SubExp(PrimValue c) : v(c) {}
  SubExp(VName n) : v(std::move(n)) {}
  bool isVar() const { return std::holds_alternative<VName>(v); }
  const VName& var() const { return std::get<VName>(v); }
  const PrimValue& constant() const { return std::get<PrimValue>(v); }
  bool operator==(const SubExp&) const = default;
  std::string str() const;
};
using Shape = std::vector<SubExp>;

/// The type of a value: a scalar, an array of scalars, or a memory block (after mem/).
struct Type {
  enum class Kind { Prim, Array, Mem };
  Kind kind = Kind::Prim;
  PrimType elem = PrimType::I64;
  Shape shape;       ///< Array: outermost first
  bool unique = false;
  MemSpace space = MemSpace::Device; ///< Mem

  static Type prim(PrimType t) { return {Kind::Prim, t, {}, false, MemSpace::Device}; }
  static Type array(PrimType t, Shape s, bool u = false) { return {Kind::Array, t, std::move(s), u, MemSpace::Device}; }
  static Type mem(MemSpace sp) { return {Kind::Mem, PrimType::U8, {}, false, sp}; }
  bool isArray() const { return kind == Kind::Array; }
  int rank() const { return static_cast<int>(shape.size()); }
  /// `[n][m]t` -> `[m]t`; `[n]t` -> `t`.
  Type rowType() const;
  bool operator==(const Type&) const = default;
  std::string str() const; ///< "[n_1][3i64]f32", "i64", "mem@device"
};

struct MemInfo; ///< ir/MemInfo.h: memory block + LMAD of an array (after mem/)
using MemInfoRef = std::shared_ptr<const MemInfo>;

/// A bound name with its type: used for patterns, parameters and merge variables.
struct Param {
  VName name;
  Type type;
  MemInfoRef mem; ///< null before mem/ and for non-arrays
};
using PatElem = Param;

struct Stm;
/// A sequence of statements and the values it returns.
struct Body {
  std::vector<Stm> stms;
  std::vector<SubExp> result;
};

/// An anonymous function (SOAC operators and kernels bodies).
struct Lambda {
  std::vector<Param> params;
  Body body;
  std::vector<Type> retTypes;
};

// ---------------------------------------------------------------------------------------
// Basic operations

/// One dimension of a slice: a fixed index, or `count` elements from `start` by `stride`.
struct DimIndex {
  bool fixed = true;
  SubExp index;              ///< fixed
  SubExp start, count, stride; ///< !fixed
  bool operator==(const DimIndex&) const = default;
};
using Slice = std::vector<DimIndex>;

/// A scalar or array operation with no control flow.
/// What a CmpSize compares with its threshold (Note [Thresholds]).
enum class ThresholdClass { SuffOuterPar, SuffIntraPar };
const char* thresholdClassName(ThresholdClass c); ///< "suff_outer_par", "suff_intra_par"
int64_t thresholdDefault(ThresholdClass c);        ///< 2^15 outer, 32 intra (Note [Thresholds])

/// A limit of the device a context runs on, which host code reads (Note [Device limits]).
enum class DeviceLimitKind { MaxBlockSize, MaxSharedMemory };
const char* deviceLimitName(DeviceLimitKind k); ///< "max_block_size", "max_shared_memory"

struct BasicOp {
  enum class Kind {
    SubExp,    ///< `x` (copy of a scalar, or an alias of an array): args {x}
    UnOp,      ///< unOp(type) args {x}
    BinOp,     ///< binOp(type) args {x, y}
    CmpOp,     ///< cmpOp(type) args {x, y}; result bool
    Convert,   ///< convert args {x} from `type` to `toType`
    Call,      ///< a math function `fn` (sqrt, exp, ...) over `type`: args
    Index,     ///< arr[slice]: result is an array (or scalar if all fixed)
    Update,    ///< arr with [slice] = args[0]; consumes arr
    Iota,      ///< iota args {n, start, step} of `type`
    Replicate, ///< replicate `shape` args {v}; v may be an array
    Rearrange, ///< permute dims of arr by `perm`
    Reshape,   ///< arr to `shape`
    Concat,    ///< concat along dim 0 of `arrs`; args {total outer size}
    Copy,      ///< a fresh copy of arr
    ArrayLit,  ///< [args...] of element type `rowType`
    Assert,    ///< assert args {cond} with `message`; result unit (no pattern)
    FlatIndex, ///< the view `o + {(n1 : s1), ..., (nk : sk)}` of arr's flat (row-major)
               ///< elements: args {o, n1, s1, ..., nk, sk}; result [n1]...[nk] (Note [Flat ops])
    FlatUpdate, ///< arr with the elements of that view set to args[0] (an array of shape
                ///< [n1]...[nk]): args {v, o, n1, s1, ..., nk, sk}; consumes arr
    CmpSize,    ///< `cmp_size("name", class) <= x`: whether tuning threshold `threshold` is
                ///< at most args {x} (i64); result bool; gpu stage on, host code only
                ///< (Note [Thresholds])
    DeviceLimit, ///< `device_limit(max_block_size)`: the i64 limit `limit` of the device the
                 ///< context runs on; no args; gpu stage on, host code only (Note [Device limits])
  };
  Kind kind = Kind::SubExp;
  PrimType type = PrimType::I64;   ///< operand type for UnOp/BinOp/CmpOp/Convert/Call/Iota
  PrimType toType = PrimType::I64; ///< Convert
  UnOpKind unOp = UnOpKind::Neg;
  BinOpKind binOp = BinOpKind::Add;
  CmpOpKind cmpOp = CmpOpKind::Eq;
  std::string fn;                  ///< Call
  std::vector<SubExp> args;
  VName arr;                       ///< Index, Update, Rearrange, Reshape, Copy, FlatIndex, FlatUpdate
  std::vector<VName> arrs;         ///< Concat
  Slice slice;                     ///< Index, Update
  Shape shape;                     ///< Replicate, Reshape
  std::vector<int> perm;           ///< Rearrange
  Type rowType;                    ///< ArrayLit
  std::string message;             ///< Assert: the user-facing error, with its location
  std::string threshold;           ///< CmpSize: the tuning threshold's name
  ThresholdClass thresholdClass = ThresholdClass::SuffOuterPar; ///< CmpSize
  DeviceLimitKind limit = DeviceLimitKind::MaxBlockSize;        ///< DeviceLimit
  bool operator==(const BasicOp&) const = default;
};

// Note [Thresholds]
// Incremental flattening (gpu/DistributeNests.cpp, Note [Multi-versioned nests]) compiles a
// map nest with inner parallelism into several versions and chooses one at run time by
// comparing the parallelism a version exploits with a named tuning threshold:
//   let c = cmp_size("main.suff_outer_par_0", suff_outer_par) <= mul.i64 n m
//   let res = if c then { version A } else { version C }
// The name is the function's (the entry point's) name and an ordinal counted per function
// in the order extraction meets the nests, so editing another function or statements after
// the nest renames nothing. The class says what is compared and gives the default:
// `suff_outer_par`, whether the outer parallelism alone suffices (2^15, Futhark's default
// on CUDA), and `suff_intra_par`, whether the inner parallelism suffices for a block (32, a
// warp: version B is favoured wherever it fits the device and version A was not chosen, as
// the thesis's compiler does, §7.8). imp/ lowers the
// comparison to a read of the tuning parameter of that name (Note [Tuning parameters in
// Imp]), which a build, the C API, `--param` and `--tuning` set, and which is logged as
// `Compared NAME <= VALUE: true|false.` when the context logs.

// Note [Flat ops]
// FlatIndex and FlatUpdate are the core-IR form of the source's LMAD slices (Note [LMAD
// slices] in syntax/Ast.h): the LMAD is over all of `arr`'s elements in row-major order,
// whatever `arr`'s rank. Their bounds and separation are checked by explicit assertions
// before them (internalisation emits those), so the ops themselves cannot fail. mem/ makes a
// FlatIndex a view of arr's memory (no copy) and keeps a FlatUpdate in arr's block.

/// FlatIndex / FlatUpdate: the position in `args` of the LMAD's offset.
inline size_t flatOffsetArg(const BasicOp& op) { return op.kind == BasicOp::Kind::FlatUpdate ? 1 : 0; }
/// FlatIndex / FlatUpdate: the number of dimensions of the LMAD.
inline size_t flatRank(const BasicOp& op) { return (op.args.size() - flatOffsetArg(op) - 1) / 2; }

// ---------------------------------------------------------------------------------------
// SOACs (core stage; PLDI'17 §4)

/// An associative operator with its neutral element(s).
struct RedOp {
  bool commutative = false;
  Lambda op;                    ///< 2k params -> k results
  std::vector<SubExp> neutral;  ///< k values
};

/// The fused map-scan-reduce `screma(w, inputs, map, scans, reds)`: the map lambda
/// takes one element of each input and returns (scan operands ++ red operands ++ mapped
/// values); the statement's pattern binds (scan results ++ red results ++ map results).
struct Screma {
  SubExp width;
  std::vector<VName> inputs;
  Lambda map;
  std::vector<RedOp> scans;
  std::vector<RedOp> reds;
};

/// `hist`: the lambda maps an input element to (bucket indices ++ values) for each op;
/// each op combines values into its destination histogram.
struct HistOp {
  SubExp width;                 ///< number of buckets
  std::vector<VName> dests;     ///< consumed initial histograms
  RedOp op;
};
struct Hist {
  SubExp width;
  std::vector<VName> inputs;
  std::vector<HistOp> ops;
  Lambda bucketFn;
};

/// `scatter`: the lambda returns (indices ++ values); out-of-bounds indices are ignored.
struct Scatter {
  SubExp width;
  std::vector<VName> inputs;
  Lambda fn;
  std::vector<VName> dests;     ///< consumed
};

/// Streaming SOACs: `stream_map`, `stream_red` (parallel chunks + reduction),
/// `stream_seq` (sequential chunks with accumulators).
struct Stream {
  enum class Kind { Map, Red, Seq };
  Kind kind = Kind::Map;
  SubExp width;
  std::vector<VName> inputs;
  std::vector<SubExp> accs;     ///< Seq: initial accumulators
  std::vector<RedOp> reds;      ///< Red
  Lambda fn;                    ///< params: chunk size, accs..., chunks of inputs...
};

using Soac = std::variant<Screma, Hist, Scatter, Stream>;

// ---------------------------------------------------------------------------------------
// Segmented operations (after gpu/): a kernel over an index space.

/// The iteration space: `flat` is the flat thread index, `dims` the index variables
/// (outermost first) with their extents.
struct SegSpace {
  VName flat;
  std::vector<std::pair<VName, SubExp>> dims;
};

/// `SegMap`: the body runs once per point of `space`; each result is written at the point
/// (array results get the point as leading indices). `SegRed`: the first results are
/// reduced by `ops` over the innermost dimension of `space` (segmented when rank > 1);
/// remaining results are mapped. `SegScan` likewise scans. `SegHist`: the body returns
/// (bucket indices ++ values) per op.
struct SegOp {
  enum class Kind { Map, Red, Scan, Hist };
  Kind kind = Kind::Map;
  SegSpace space;
  std::vector<RedOp> ops;       ///< Red, Scan
  std::vector<HistOp> histOps;  ///< Hist
  std::vector<Type> types;      ///< per-point result types (before adding the space's dims)
  Body body;
  /// Map only: when non-empty, the SegMap scatters (see Note [Scattering SegMap]) instead
  /// of writing its results at the point.
  std::vector<VName> writeDests;
  /// Map only: block and register tiling of a matrix-product-like body (Note [Tiled
  /// SegMap]); untiled when `block` is 0.
  struct Tile {
    int64_t block = 0; ///< outputs per side of a block's tile (block x block)
    int64_t reg = 0;   ///< rows of a thread's register tile (columns: reg or 2 reg)
    bool operator==(const Tile&) const = default;
  };
  Tile tile;
  /// Map only: version B of a multi-versioned nest (Note [Intra-group SegMap]): one block
  /// per point, the body's inner SOACs run by the block's threads.
  bool intra = false;
};

// Note [Intra-group SegMap]
// A SegMap with `intra` set (gpu/IntraGroup.h, incremental flattening's version B) runs one
// block per point of its space. Its body is statements on scalars (`if`s and `for` loops of
// them included) and views, and SOACs (Scremas) over one inner width w whose lambdas work
// on scalars: imp/ (LowerIntraGroup.cpp) gives element j < w of each to thread j of the
// block, combines reductions and scans through shared memory with barriers between them,
// and keeps array intermediates in shared memory. Its block has ceil(w / 32) * 32 threads
// and its shared arrays one element per thread for each scanned or reduced value, sized on
// the host (dynamic shared memory), so the host guard that selects it checks both against
// the device the context runs on (Note [Device limits]): the block fits `max_block_size`,
// the bytes `max_shared_memory`.

// Note [Device limits]
// `device_limit(max_block_size)` and `device_limit(max_shared_memory)` are the most threads
// of one block and the most bytes of shared memory one block may use on the device of the
// running context: the runtime queries them when the context is created (CUDA's
// cudaDevAttrMaxThreadsPerBlock and cudaDevAttrMaxSharedMemoryPerBlock, OpenCL's
// CL_DEVICE_MAX_WORK_GROUP_SIZE and CL_DEVICE_LOCAL_MEM_SIZE), and host code reads them
// (`ctx->device.limits()`). Version B's guard compares its block size, computed from the
// actual inner width and capped at 1024, and its block scans' shared memory with them, so a
// version that does not fit the device is never launched, whatever the thresholds say.

// Note [Tiled SegMap]
// A two-dimensional SegMap (i < n, j < m) with `tile` set (gpu/TileBlocks.h) has a body of
// views only (slices, rearranges) followed by one sequential redomap over k of two rows:
// one a view whose index depends on i alone, the other on j alone; the result is the
// redomap's one scalar. imp/ (LowerTiled.cpp) lowers it as a kernel in which a block
// computes a `block` x `block` tile of the result, each thread `reg` rows of it (and
// `reg` or 2 `reg` columns, Note [Block and register tiling]), with chunks of both rows
// staged through shared memory.

// Note [Scattering SegMap]
// A SegMap with k = writeDests.size() > 0 destinations (one-dimensional arrays, consumed)
// has a body returning k i64 indices followed by k values (`types` lists them in that
// order). At each point, value j is written to writeDests[j][index j] unless the index is
// negative or not below the destination's length; such writes are skipped. The pattern
// binds the k updated destinations (their types, not unique), in the destinations' memory:
// the writes happen in place. When several points write the same index, one of them wins.

/// `alloc(bytes, space)`: a fresh memory block (after mem/).
struct Alloc {
  SubExp bytes;
  MemSpace space = MemSpace::Device;
};

/// The extensible part of Exp: which alternatives may occur depends on the stage, and the
/// verifier checks it.
using Op = std::variant<Soac, SegOp, Alloc>;

// ---------------------------------------------------------------------------------------
// Expressions, statements, functions

struct If {
  SubExp cond;
  Body thenBody, elseBody;
  std::vector<Type> types;
};

/// `loop (params = inits) for i < bound do body` or `while` (the body's first result is then
/// the condition for the next iteration; `whileCond` names the merge param holding it).
struct Loop {
  std::vector<std::pair<Param, SubExp>> merge;
  enum class Kind { For, While } kind = Kind::For;
  VName iterator;      ///< For
  SubExp bound;        ///< For (i64)
  VName whileCond;     ///< While: a bool merge param
  Body body;           ///< returns the new merge values
};

struct Apply {
  std::string fn;
  std::vector<SubExp> args;
  std::vector<Type> retTypes;
};

using Exp = std::variant<BasicOp, If, Loop, Apply, Op>;

/// Where a statement came from: the source span, and a short word for the construct
/// ("map", "reduce", "scan", the bound variable's name...) from which the backend builds
/// readable kernel names; and the source attributes written on the expression the statement
/// was made from (`#[sequential_inner] map ...`: Note [Flattening attributes] in
/// gpu/FlatteningAttributes.h), which passes keep as they keep the span.
struct Provenance {
  SourceSpan span;
  std::string what;
  std::vector<std::string> attrs = {}; ///< as written between `#[` and `]`, in source order
  bool has(const std::string& attr) const {
    return std::find(attrs.begin(), attrs.end(), attr) != attrs.end();
  }
};

struct Stm {
  std::vector<PatElem> pat;
  Exp exp;
  Provenance prov;
};

/// What a function's declaration says about inlining it (`#[inline]`, `#[noinline]`);
/// opt/Inline.h decides for the rest.
enum class InlineHint { Default, Always, Never };

struct FunDef {
  std::string name;        ///< source name
  bool entry = false;
  InlineHint inlineHint = InlineHint::Default;
  bool recursive = false;  ///< its source declaration refers to itself
  std::vector<Param> params;
  std::vector<Type> retTypes;
  Body body;
  SourceSpan span;
  std::vector<EntryValue> entryParams, entryResults; ///< entry points only
};

struct Prog {
  std::vector<FunDef> funs;
  NameSource names;        ///< the next fresh tag
};

} // namespace fjord::ir
