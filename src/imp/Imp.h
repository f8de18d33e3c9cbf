// The imperative IR: what the backends print. Host functions (one per entry point, plus
// helpers) and kernels, with explicit memory: every array access is a Load/Store at an
// element index computed from the array's LMAD (mem/). Names are already the final C
// identifiers (source-derived, unique within their function or kernel), so printing is a
// straight walk; the CUDA and OpenCL printers differ only through a Dialect.
#pragma once
#include "ir/Interface.h"
#include "prim/Ops.h"
#include "prim/PrimValue.h"
#include "support/SourceSpan.h"

#include <memory>
#include <string>
#include <vector>

namespace fjord::imp {

using fjord::BinOpKind;
using fjord::CmpOpKind;
using fjord::PrimType;
using fjord::PrimValue;
using fjord::UnOpKind;
using ir::MemSpace;

struct Exp;
using ExpRef = std::shared_ptr<const Exp>;

/// A scalar expression of type `type`.
struct Exp {
  enum class Kind {
    Const,      ///< value
    Var,        ///< name (a scalar variable or parameter)
    UnOp,       ///< unOp args {x}
    BinOp,      ///< binOp args {x, y} (operand type = type, except LogAnd/LogOr on bool)
    Cmp,        ///< cmpOp over `operandType`, args {x, y}; type bool
    Convert,    ///< args {x} from operandType to type
    Call,       ///< math function `name` (sqrt, exp, ...) args
    Select,     ///< args {cond, a, b}
    Load,       ///< name[args[0]]: element of memory block `name` (element type = type)
    ThreadId,   ///< local thread index in the block (dimension 0)
    BlockId,    ///< block index (dimension 0)
    BlockSize,  ///< threads per block
    NumBlocks,  ///< blocks in the grid
    Tuning,     ///< host only: the value of tuning parameter `name` (i64); see Note [Tuning parameters in Imp]
    CmpSize,    ///< host only, bool: whether tuning threshold `name` is at most args[0] (i64), logged when the context logs (Note [Thresholds] in ir/IR.h)
    DeviceLimit, ///< host only, i64: the limit `name` (max_block_size, max_shared_memory) of the context's device (Note [Device limits] in ir/IR.h)
    // See Note [Cross-block communication in Imp]:
    LoadVolatile,    ///< like Load, but read from memory every time (never cached or hoisted)
    ForwardProgress, ///< host only, bool: whether the target runs the blocks of a launch with forward progress
    ShuffleDown, ///< args {x, offset}: x of the thread `offset` (i64) lanes above in the warp; only inside IfWarpShuffles (Note [Warp shuffles and vectors in Imp])
    ShuffleUp,   ///< args {x, offset}: x of the thread `offset` (i64) lanes below in the warp; like ShuffleDown
    Lane,        ///< lane args[0] (an i64 constant) of vector `name` (declared by DeclareVector)
  };
  Kind kind = Kind::Const;
  PrimType type = PrimType::I64;
  PrimType operandType = PrimType::I64;
  PrimValue value;
  std::string name;
  UnOpKind unOp = UnOpKind::Neg;
  BinOpKind binOp = BinOpKind::Add;
  CmpOpKind cmpOp = CmpOpKind::Eq;
  std::vector<ExpRef> args;
};

/// Convenience constructors (Exp.cpp).
ExpRef constant(PrimValue v);
ExpRef i64(int64_t v);
ExpRef var(std::string name, PrimType t);
ExpRef binOp(BinOpKind op, ExpRef x, ExpRef y);          ///< type = x's type
ExpRef cmp(CmpOpKind op, ExpRef x, ExpRef y);            ///< operand type = x's type
ExpRef convert(ExpRef x, PrimType to);
ExpRef load(std::string mem, ExpRef index, PrimType elem);
ExpRef unOp(UnOpKind op, ExpRef x);
ExpRef call(std::string fn, std::vector<ExpRef> args, PrimType result);
ExpRef select(ExpRef cond, ExpRef a, ExpRef b);
ExpRef zeroOf(PrimType t);                               ///< 0, 0.0 or false
ExpRef tuning(std::string param);                        ///< Kind::Tuning, i64
ExpRef cmpSize(std::string threshold, ExpRef x);         ///< Kind::CmpSize, bool
ExpRef deviceLimit(std::string limit);                   ///< Kind::DeviceLimit, i64
/// The byte offset after a dynamic shared array of `count` elements of `t` that starts at
/// `offset`: offset + count * bytes(t), rounded up to 8 (Note [Dynamic shared memory in Imp]).
ExpRef dynamicSharedEnd(ExpRef offset, PrimType t, ExpRef count);
ExpRef threadId();                                       ///< i64
ExpRef blockId();                                        ///< i64
ExpRef blockSize();                                      ///< i64
ExpRef numBlocks();                                      ///< i64
ExpRef loadVolatile(std::string mem, ExpRef index, PrimType elem);
ExpRef forwardProgress();                                ///< bool, host only

// Note [Cross-block communication in Imp]
// A single-pass scan (Note [Single-pass scan], imp/LowerSegScan.cpp) lets blocks of one
// launch wait for values that other blocks publish in device memory. Imp says what that
// needs, and the dialects print it:
//   LoadVolatile / StoreVolatile   an access the compiler may not cache, merge or move
//                                  (CUDA: through a `volatile` pointer, which also skips the
//                                  non-coherent L1; OpenCL: `volatile __global`)
//   Fence                          orders the thread's earlier device-memory writes before
//                                  its later ones for every other block (CUDA:
//                                  __threadfence(); OpenCL: mem_fence(CLK_GLOBAL_MEM_FENCE))
//   AtomicFetchAdd                 an atomic add that returns the old value (a ticket: blocks
//                                  take tile indices in the order they start)
//   ForwardProgress                host code's test whether a block that waits for an earlier
//                                  block can rely on it to finish: true for CUDA, false for
//                                  OpenCL, where 1.2 promises no progress between work-groups
//                                  (PoCL runs them in any order on CPU threads). The backend
//                                  folds it and drops the kernels of the branch not taken
//                                  (imp/SelectTarget.cpp).
ExpRef shuffleDown(ExpRef x, ExpRef offset);             ///< type = x's type
ExpRef shuffleUp(ExpRef x, ExpRef offset);               ///< type = x's type
ExpRef lane(std::string vector, int64_t lane, PrimType elem);

// Note [Tuning parameters in Imp]
// Host code reads a tuning parameter (Program::tuning) through an Exp of kind Tuning whose
// `name` is the parameter's name, e.g. "sum_reduce.block_size"; the printer maps it to the
// tuning header's overridable value for that name. Tuning expressions occur only in host
// code; kernels receive what they need as scalar parameters or read BlockSize/NumBlocks.
// Names used by imp/ (all i64):
//   <kernel>.block_size   threads per block of kernel <kernel> (default 256, at most 1024)
//   <kernel>.num_blocks   blocks of a reduction's first stage (default 1024; the host
//                         clamps it to [1, ceil(n / block_size)])
//   <kernel>.items_per_thread  elements per thread of a scan's tile (Note [Single-pass
//                         scan]; default 32, clamped so that the tile fits shared memory)
//   <kernel>.block_per_segment  segment length from which a segmented reduction gives each
//                         segment a whole block (default 2048; Note [Segmented reduction])
//   <kernel>.block_per_segment  segment length from which a segmented reduction gives each
//                         segment a whole block (default 2048; Note [Segmented reduction])
// where <kernel> is the base kernel name (e.g. "sum_reduce" for kernels "sum_reduce_stage1"
// and "sum_reduce_stage2").
// Histograms add <kernel>.sub_histograms, .shared_memory, .max_passes and .num_blocks, and
// default .block_size to 1024 (Note [Histograms] in LowerSegHist.cpp).

struct Stm;
using Block = std::vector<Stm>;

/// A kernel or host function parameter.
struct Param {
  enum class Kind { Scalar, Mem };
  Kind kind = Kind::Scalar;
  std::string name;
  PrimType type = PrimType::I64; ///< Scalar: its type; Mem: element type it is accessed at
  bool written = false;          ///< Mem: the kernel stores to it (else `const`)
  bool noAlias = false;          ///< Mem: no other parameter reaches this buffer (a fresh one
                                 ///< the lowering allocated for the kernel): `__restrict__`
};

/// One kernel argument at a launch site.
struct KernelArg {
  Param::Kind kind = Param::Kind::Scalar;
  ExpRef scalar;      ///< Scalar
  std::string mem;    ///< Mem
};

struct Stm {
  enum class Kind {
    Comment,       ///< text (one or more lines)
    DeclareScalar, ///< `type name;` optionally initialised by args[0]
    DeclareArray,  ///< a kernel-local array `name[args[0]]` of `type` in `space` (Shared or private); imp/ puts shared arrays first in the kernel body with a constant count or `block_size()` (Note [Dynamic shared memory in Imp]); Load/Store name them like memory
    Assign,        ///< name = args[0]
    Store,         ///< name[args[0]] = args[1]
    AtomicUpdate,  ///< atomically name[args[0]] = name[args[0]] binOp args[1] (Add/Min/Max/And/Or/Xor)
    AtomicCas,     ///< compare-and-swap on name[args[0]] (a 4- or 8-byte `type`): if it holds args[1] (compared bitwise), it becomes args[2]; the scalar `src` (declared before, of `type`) receives the value found and the bool scalar `text` whether the swap happened; both empty: the outcome is not kept (a kernel's failed check sets the error flag only if it is still 0)
    If,            ///< if (args[0]) body else elseBody
    For,           ///< for (int64_t name = 0; name < args[0]; ++name) body; `text` "unroll" (fully) or "unroll N": an unrolling hint for the target compiler
    While,         ///< while (args[0]) body
    Barrier,       ///< block-level barrier (shared memory fence)
    Break,
    IfWarpShuffles, ///< body on targets with 32-lane warp shuffles (CUDA), elseBody elsewhere (OpenCL)
    GroupReduce,    ///< combines scalar `name` (of 4- or 8-byte `type`) over each group of args[1] threads (args[0] the thread index), in thread order, through shared array `src`; or a pair of scalars whose combine is `body`: Note [Group reduction in Imp]
    DeclareVector,  ///< `name`: the 4 `type` elements src[4*args[0] .. 4*args[0]+3] (one aligned vector load; 4-byte `type`)
    StoreVector,    ///< name[4*args[0] + q] = args[1 + q] for q < 4 (one aligned vector store; 4-byte `type`)
    LoadLanes,      ///< name[args[0] + q] = src[4*args[1] + q] for q < 4 where 4*args[1] + q < args[2]: one aligned vector load when all four are (4-byte `type`; `name` a private array)
    StoreLanes,     ///< name[4*args[0] + q] = src[q] for q < 4 where 4*args[0] + q < args[1]: one aligned vector store when all four are (4-byte `type`; `src` a private array)
    // Host only:
    Alloc,         ///< device memory `name` of args[0] bytes (declares `name`, or sets the Mem out-parameter `name`)
    Free,          ///< name
    CopyMem,       ///< name[args[0]...] <- src[args[1]...], args[2] bytes (offsets in bytes)
    Launch,        ///< kernel `name` over args[0] blocks of args[1] threads, with kernelArgs, and args[2] bytes of dynamic shared memory where the kernel has any (Note [Dynamic shared memory in Imp])
    ReadScalar,    ///< host scalar `name` (declared before) <- device `src`[args[0]] of `type` (element index)
    Error,         ///< fail the entry point with `text` (a user-facing message) if args[0]
    WriteScalar,   ///< device `name`[args[0]] <- host value args[1] of `type` (element index)
    DeclareMem,    ///< declares device memory `name`, empty until an Alloc or MoveMem fills it
    MoveMem,       ///< `name` takes over the memory of `src` (see Note [Existential memory in Imp])
    // Kernel only, see Note [Cross-block communication in Imp]:
    StoreVolatile,  ///< like Store, through a volatile access
    Fence,          ///< device-wide memory fence
    AtomicFetchAdd, ///< atomically name[args[0]] += args[1] (i32/i64 `type`); the scalar `src` (declared before) receives the old value
    Call,          ///< host function (in host code) or device function (in kernel code) `name` with arguments kernelArgs; its results go to `outs` (declared before); Note [Calls in Imp]
    Return,        ///< device functions only: return the results args (one per result); Note [Calls in Imp]
  };
  Kind kind = Kind::Comment;
  std::string name;
  std::string src;
  std::string text;
  PrimType type = PrimType::I64;
  MemSpace space = MemSpace::Device;
  BinOpKind binOp = BinOpKind::Add;
  std::vector<ExpRef> args;
  Block body, elseBody;
  std::vector<KernelArg> kernelArgs;
  std::vector<KernelArg> outs; ///< Call: a scalar variable (Var) or memory per result
};

/// Whether `s` declares a dynamic shared array (Note [Dynamic shared memory in Imp]).
bool isDynamicShared(const Stm& s);

// Note [Dynamic shared memory in Imp]
// A shared DeclareArray whose count is `block_size()` rather than a constant has one element
// per thread of the launch: the host sizes it (CUDA's dynamic shared memory, an OpenCL
// `__local` kernel argument). A kernel's dynamic shared arrays lie in one block of shared
// memory in the order they are declared, each at the offset dynamicSharedEnd gives after
// the one before (from 0). A launch of such a kernel carries the block's bytes as args[2]:
// dynamicSharedEnd folded over the arrays with the launch's threads as the count. Version B
// (imp/LowerIntraGroup.cpp) sizes its shared arrays so, and its host guard checks that the
// bytes fit the device (Note [Device limits] in ir/IR.h).

// Note [Warp shuffles and vectors in Imp]
// Kernels may exchange registers within a warp and access memory four elements at a time.
//  - IfWarpShuffles chooses by target: CUDA prints only `body`, where ShuffleDown and
//    ShuffleUp (CUDA's __shfl_down_sync and __shfl_up_sync over the full warp of 32 lanes)
//    may occur; OpenCL prints only
//    `elseBody`, which must do the same work without shuffles (e.g. a tree in shared
//    memory). Every lane of a warp must reach a shuffle (block sizes are multiples of 32
//    where one is used); a lane reading past the warp's end (ShuffleDown) gets an
//    unspecified value, one reading before its start (ShuffleUp) its own.
//  - DeclareVector loads a float4/int4 (CUDA) or vload4 (OpenCL) from an element index that
//    is a multiple of 4 in memory whose element 0 is 16-byte aligned (device allocations
//    are); Lane reads one of its elements. StoreVector is the matching store.
//  - LoadLanes and StoreLanes move four consecutive elements between memory and a private
//    array, by one vector access where all four lie below the bound and element by element
//    otherwise (the last, partial group of four). The dialects print them as the runtime's
//    FJORD_LOAD_LANES and FJORD_STORE_LANES, so a kernel shows one line per input or result.
// imp/ emits them only where the LMADs show the access is contiguous from offset 0.

// Note [Group reduction in Imp]
// GroupReduce is the whole combine of Note [Group reduction] (imp/GroupReduce.cpp) for one
// accumulator whose operator is an expression: args = {tid, groupSize, neutral, combined},
// where `combined` is the operator applied to `name` (the earlier thread's value) and the
// scalar `text` (a later thread's value), which only `combined` sees. Afterwards the first
// thread of each group holds the group's value in `name`. Every thread of the block must
// reach it (it holds barriers); `src` is a shared array of `type` with an element per thread.
// The dialects print it as the runtime's FJORD_GROUP_REDUCE macro (warp shuffles on CUDA,
// a shared-memory tree on OpenCL), so each kernel shows one line where it had the tree.
// A pair of accumulators whose operator is statements (e.g. argmax's call of its device
// function) is one GroupReduce with a non-empty `body`: name/type/src/text as above for the
// first, args = {tid, groupSize, neutral}; `elseBody` is one GroupReduce holding the second
// (name/type/src/text, args = {neutral}); `body` is the combine, which reads both
// accumulators and both `text` values (only it sees them) and assigns both accumulators.
// It prints as the runtime's FJORD_GROUP_REDUCE2.

// Note [Calls in Imp]
// A function that the core IR keeps (opt/Inline.h) and host code calls becomes a host
// Function that is not an entry point. Its parameters and results are the IR function's
// scalars and memory blocks, in order (arrays travel as their block; their shapes are
// scalar parameters or results, and they are row-major at offset 0, as mem/ guarantees).
// Every Mem result is memory the function allocates and the caller then owns, as for an
// entry point. A Call passes scalars as expressions and memory by name, and receives the
// results in variables declared before it (DeclareScalar without a value, DeclareMem); a
// failure in the callee fails the caller.
//
// Kernel code calls device functions (Program::deviceFunctions): a kept function whose
// results are scalars, and the user's operator of a SegRed/SegScan/SegHist that is more
// than one built-in operation. Their parameters are scalars and memory (device memory,
// read or written at the element type of the Param); their results are scalars, given by a
// Return that ends the body (the only one). A Call in kernel code passes kernelArgs for the
// parameters and receives one variable per result in `outs`. A device function with
// checks takes the kernel's error flag and an i32 `error_base`: its i-th check (from 0)
// stores error_base + i, and each call passes the code of the callee's first message in
// the caller's list (Note [Assertions in kernels]). Calls of other functions from kernel
// code (array results) are inlined by imp/.

// Note [Existential memory in Imp]
// Host memory variables own their memory (the runtime's Buffer: freed by Free or at the end
// of the function). The memory of an `if`'s or loop's array result (mem/'s existential block)
// is a variable declared by DeclareMem before the `if` or loop and freed like a temporary
// of the enclosing scope. A branch or loop iteration fills it by MoveMem from a block it
// allocated itself; otherwise (its array lives in memory it does not own) by Alloc and a
// copy. MoveMem exchanges the two variables' memory (`name = std::move(src)` on the
// runtime's Buffer), so `src`, a temporary of the inner scope, then holds what `name` held
// before and frees it when the scope ends: nothing leaks, nothing is freed twice.

/// A GPU kernel. `doc` is the comment printed above it: the source location, the source
/// line, what it computes and the LMAD of every array it reads and writes.
struct Kernel {
  std::string name;
  std::vector<Param> params;
  /// The most threads per block it may be launched with, when the host chooses the block
  /// from the data (version B: up to 1024); 0 when it runs with its tuned block size.
  int64_t maxBlockSize = 0;
  Block body;
  std::vector<std::string> doc;
  SourceSpan span;
};

/// A tuning parameter (threshold or block size), with its default.
struct TuningParam {
  std::string name;      ///< e.g. "sum.block_size_0"
  int64_t defaultValue = 0;
  std::string doc;       ///< what it controls
};

/// A host function. Entry points take the C API's view of their arguments: for each
/// array parameter its shape sizes (i64) then its device memory; results likewise, as
/// out-parameters the function allocates.
struct Function {
  std::string name;
  bool entry = false;
  bool device = false;             ///< a device function (Note [Calls in Imp]); results are scalars
  std::vector<Param> params;
  std::vector<Param> results;      ///< out-parameters (Mem: allocated by the function)
  Block body;
  std::vector<ir::EntryValue> entryParams, entryResults;
  std::vector<std::string> doc;
  SourceSpan span;
};

struct Program {
  std::string sourcePath;          ///< the .fut file, for the header comment
  std::vector<Kernel> kernels;
  std::vector<Function> functions;
  std::vector<Function> deviceFunctions; ///< called from kernels, callees first; Note [Calls in Imp]
  std::vector<TuningParam> tuning;
};

} // namespace fjord::imp
