// The machinery shared by the files of imp/ (private to the folder): the environments that
// map core-IR names to C names, the statement lowering common to host and kernel code, and
// the two code contexts (a host function, a kernel).
//
//   Lowerer          scalar BasicOps, array views, If, Loop, calls; hooks for what
//                    differs between host and device code
//   HostLowerer      one entry point's host code: Alloc/Free, SegOps -> kernels + launches,
//                    element reads/writes through ReadScalar/WriteScalar, Assert -> Error
//   KernelLowerer    one kernel's body: Load/Store, nested SOACs as sequential loops,
//                    capture-on-use of host scalars and memory as kernel parameters, and
//                    calls of device functions (lowered by a KernelLowerer of their own,
//                    LowerDeviceFunction.cpp) or inlined calls
//
// Environments are keyed by ir::VName::str() ("xs_12"), which is also how symbolic::Expr
// names variables, so LMAD offsets and strides resolve through the same tables.
#pragma once
#include "imp/Imp.h"
#include "imp/Names.h"
#include "ir/MemInfo.h"
#include "support/Diagnostics.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::imp::detail {

/// A scalar in scope: its C name and type.
struct ScalarVar {
  std::string cname;
  PrimType type = PrimType::I64;
};

/// An array in scope: its memory block, layout, element type and shape.
struct ArrayVar {
  std::string source; ///< source-level name, for kernel docs
  ir::VName block;
  symbolic::Lmad lmad;
  PrimType elem = PrimType::I64;
  ir::Shape shape;
};

/// A device function lowered once (LowerDeviceFunction.cpp, Note [Calls in Imp]) and what
/// a call passes for each of its parameters.
struct DeviceFunctionInfo {
  struct Source {
    enum class Kind {
      Argument,  ///< the call's argument `index`
      Scalar,    ///< the caller's value of scalar `key` (an operator's free variable)
      Mem,       ///< the caller's memory of block `block` (an operator's free array)
      ErrorFlag, ///< the kernel's error flag
      ErrorBase, ///< the code of the function's first check in the caller's list
    };
    Kind kind = Kind::Argument;
    size_t index = 0;
    std::string key;
    ir::VName block;
  };
  std::string name;
  std::vector<Param> params, results;
  std::vector<Source> sources;            ///< one per parameter
  std::vector<std::string> errorMessages; ///< of its checks (its callees' included), in code order
};

/// State shared by the lowering of a whole program.
struct ProgramCtx {
  const ir::Prog& prog;
  Program& out;
  DiagnosticEngine& diags;
  std::set<std::string> kernelNames; ///< program-wide, to keep kernel names unique

  /// Registers a tuning parameter once (the first registration's default and doc win).
  void addTuning(const std::string& name, int64_t defaultValue, const std::string& doc);
  const ir::FunDef* findFun(const std::string& name) const;
  /// The non-entry functions that host code calls, in the order first called (LowerCall.cpp).
  std::vector<std::string> requested = {};
  void requestFunction(const std::string& name);
  /// Device functions lowered so far, by "fun NAME" or the operator lambda's address.
  std::map<std::string, DeviceFunctionInfo> deviceFunctions = {};
  std::set<std::string> loweringDevice = {}; ///< the device functions being lowered
  /// One-operator SegOps that version B's block scans combine through (LowerIntraGroup.cpp);
  /// kept as long as deviceFunctions, which keys their operators by address.
  std::deque<ir::SegOp> blockScanOps = {};
  /// `base`, or `base_N` with the first N that makes it unique among kernels and device
  /// functions.
  std::string uniqueGlobalName(const std::string& base);
};

/// Thrown after a "not supported yet" diagnostic to abandon the current entry point.
struct Unsupported {};

/// The generator of one element of an array being filled: the value at index `idx`,
/// computed with `L` (statements it needs go to `out`).
class Lowerer;
using ElemFn = std::function<ExpRef(Lowerer& L, const std::vector<ExpRef>& idx, Block& out)>;

/// Statement lowering common to host and kernel code.
class Lowerer {
public:
  explicit Lowerer(ProgramCtx& prog) : prog(prog) {}
  virtual ~Lowerer() = default;

  void lowerStms(const std::vector<ir::Stm>& stms, Block& out);
  void lowerStm(const ir::Stm& stm, Block& out);
  /// The span of the innermost statement being lowered that has one (unknown outside).
  const SourceSpan& enclosingSpan() const { return enclosingSpan_; }
  /// Lowers a group of statements starting at `stms[i]` together, when it recognises one
  /// (e.g. a filter, Note [One-pass filter]); returns how many it consumed, 0 for none.
  virtual size_t lowerGroup(const std::vector<ir::Stm>& stms, size_t i, Block& out) {
    (void)stms, (void)i, (void)out;
    return 0;
  }

  /// The value of an operand (a constant, or a scalar variable in scope).
  ExpRef subExp(const ir::SubExp& se);
  ExpRef scalar(const ir::VName& v);
  ExpRef scalarByKey(const std::string& key);
  bool hasArray(const ir::VName& v);
  const ArrayVar& array(const ir::VName& v);
  /// A symbolic integer over the variables in scope.
  ExpRef sym(const symbolic::Expr& e);
  /// The element index of `idx` in `a`.
  ExpRef elemIndex(const ArrayVar& a, const std::vector<ExpRef>& idx);
  /// The C name of memory block `block`, accessed at `elem` (for writing if `write`).
  virtual std::string mem(const ir::VName& block, PrimType elem, bool write) = 0;

  /// Declares a fresh scalar named after `v`, initialised by `init` (if any), and binds `v`.
  std::string declareScalar(const ir::VName& v, PrimType t, ExpRef init, Block& out);
  /// Binds `v` to an existing C scalar.
  void bindScalar(const ir::VName& v, std::string cname, PrimType t);
  /// Binds an array pattern element or parameter by its memory annotation.
  void bindArray(const ir::Param& p);
  void bindArray(const ir::VName& v, ArrayVar a);
  /// A fresh C name for a helper variable (not a source variable).
  std::string freshName(std::string_view base) { return names.fresh(base); }

  /// Copies every element of `src` to the same index of `dest` (same shape).
  virtual void copyArray(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                         Block& out);
  /// Binds a helper i64 variable so that symbolic expressions (LMAD slices) can name it;
  /// returns the symbolic variable.
  symbolic::Expr symIndex(const std::string& cname);
  /// The array bound to `key` (a VName::str()), or null.
  const ArrayVar* findArray(const std::string& key);

  /// Reads element `idx` of `a` into a fresh scalar named `as`; returns it (a Var).
  virtual ExpRef readElement(const ArrayVar& a, const std::vector<ExpRef>& idx,
                             const std::string& as, Block& out) = 0;
  /// Writes `value` at element `idx` of `a`.
  virtual void writeElement(const ArrayVar& a, const std::vector<ExpRef>& idx, ExpRef value,
                            Block& out) = 0;
  /// Fills `dest` (every point of its shape) with `gen`: a kernel on the host, a loop nest
  /// in a kernel.
  virtual void fillArray(const ir::Stm& stm, const ArrayVar& dest, const std::string& kind,
                         const std::string& what, ElemFn gen, Block& out) = 0;

  /// Reports `what` as not supported yet at the statement's location and abandons the
  /// entry point (throws Unsupported).
  [[noreturn]] void unsupported(const ir::Stm& stm, const std::string& what);

  /// Applies a RedOp's lambda to `(xs ++ ys)`, lowering its body; returns its results.
  std::vector<ExpRef> applyLambda(const ir::Lambda& lam, const std::vector<ExpRef>& args,
                                  Block& out);

  ProgramCtx& prog;
  NameScope names;
  /// The versions (Note [Multi-versioned nests] in gpu/DistributeNests.cpp) whose branches
  /// enclose the code being lowered, innermost last: lines for the doc of their kernels.
  std::vector<std::vector<std::string>> versionNotes;

protected:
  SourceSpan enclosingSpan_;
  /// A scalar not bound here: host code reports an internal error, a kernel captures it.
  virtual ExpRef freeScalar(const std::string& key) = 0;
  virtual const ArrayVar* freeArray(const std::string& key) = 0;
  virtual void lowerOp(const ir::Stm& stm, const ir::Op& op, Block& out) = 0;
  virtual void lowerAssert(const ir::Stm& stm, ExpRef cond, Block& out) = 0;
  virtual void lowerApply(const ir::Stm& stm, const ir::Apply& ap, Block& out);
  /// Brackets a nested body (a branch, a loop body): host code frees there what was
  /// allocated there.
  virtual void enterScope() {}
  virtual void exitScope(Block& out) {}
  /// Declares the memory variable of existential block `block` (an `if`'s or loop's block
  /// result; Note [Existential memory in Imp]) and frees it with the current scope. Kernel
  /// code reports it as not supported yet.
  virtual void declareExistential(const ir::Stm& stm, const ir::VName& block, Block& out);
  /// Makes existential `dest` (row-major from offset 0 in its block) hold the array `src`
  /// (likewise row-major from offset 0 in its block, as mem/ guarantees): nothing when they
  /// share the block; taking over src's block when `mayTake` and the current scope
  /// allocated it; otherwise allocating dest's block and copying.
  virtual void fillExistential(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                               bool mayTake, Block& out);
  /// Makes block name `alias` denote the memory of `block` (a loop's result block is its
  /// merge parameter's).
  virtual void aliasBlock(const ir::VName& alias, const ir::VName& block) {}
  /// `src` (an array in a loop's merge block) in a memory variable of the current scope:
  /// that block taken over when `take`, else a row-major copy (Note [Loops exchanging
  /// their arrays] in LowerStm.cpp). Kernel code reports it as not supported yet.
  virtual ArrayVar stageResult(const ir::Stm& stm, const ArrayVar& src, bool take,
                               Block& out);

  std::map<std::string, ScalarVar> scalars_; ///< by VName::str()
  std::map<std::string, ArrayVar> arrays_;   ///< by VName::str()
  std::map<std::string, std::string> thresholdOf_; ///< CmpSize results by VName::str()

private:
  void lowerBasicOp(const ir::Stm& stm, const ir::BasicOp& op, Block& out);
  void lowerIf(const ir::Stm& stm, const ir::If& e, Block& out);
  void lowerLoop(const ir::Stm& stm, const ir::Loop& e, Block& out);
  /// Binds `pe` (an array result of If/Loop) to `src` when they share memory and layout,
  /// else copies `src` into `pe`'s memory; returns false when `pe` has no memory yet.
  bool moveArrayResult(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                       Block& out);
  /// Whether array result `results[i]` is the only array result in its block (so its
  /// block may be handed over to an existential one).
  bool soleUser(const std::vector<ir::SubExp>& results, size_t i);
  /// Stages the array results of loop `e` that lie in another merge parameter's block, by
  /// their index (Note [Loops exchanging their arrays] in LowerStm.cpp).
  std::map<size_t, ArrayVar> stageExchangedResults(const ir::Stm& stm, const ir::Loop& e,
                                                   Block& body);
};

// ---------------------------------------------------------------------------------------

class KernelLowerer;

/// One entry point's host code.
class HostLowerer : public Lowerer {
public:
  HostLowerer(ProgramCtx& prog, const ir::FunDef& fun);
  Function lower();
  /// A function that is not an entry point, called by host code (LowerCall.cpp).
  Function lowerFunction();

  std::string mem(const ir::VName& block, PrimType elem, bool write) override;
  size_t lowerGroup(const std::vector<ir::Stm>& stms, size_t i, Block& out) override;
  ExpRef readElement(const ArrayVar& a, const std::vector<ExpRef>& idx, const std::string& as,
                     Block& out) override;
  void writeElement(const ArrayVar& a, const std::vector<ExpRef>& idx, ExpRef value,
                    Block& out) override;
  void fillArray(const ir::Stm& stm, const ArrayVar& dest, const std::string& kind,
                 const std::string& what, ElemFn gen, Block& out) override;
  void copyArray(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                 Block& out) override;
  /// The device i32 that kernels set when an assertion fails (allocated on first use).
  std::string errorFlag();
  /// The messages of the checks of the kernels launched so far; code = index + 1, unique in
  /// the function (Note [Deferred kernel error checks] in DeferErrorChecks.cpp).
  const std::vector<std::string>& kernelErrorMessages() const { return kernelErrors_; }

  /// A deterministic kernel name: the base plus an ordinal within this function when the
  /// base repeats (`sum_reduce`, `sum_reduce_1`).
  std::string kernelName(const std::string& base);
  /// Appends the finished kernel `k` to the program and its launch (and error check) to
  /// `out`.
  void launch(KernelLowerer& k, ExpRef numBlocks, ExpRef blockSize, Block& out,
              ExpRef sharedBytes = nullptr);
  /// The i64 block size for kernels named `base`: registers `<base>.block_size` and declares
  /// a host variable holding it (clamped to [1, kMaxBlockSize]).
  ExpRef blockSizeFor(const std::string& base, Block& out);
  /// Declares a host i64 variable `name` = `init`; returns it.
  ExpRef hostLet(std::string_view name, ExpRef init, Block& out);
  /// Allocates a temporary device buffer of `bytes` freed at the end of the function.
  std::string allocTemp(std::string_view name, ExpRef bytes, Block& out);
  /// Frees temporaries allocated with allocTemp since `mark` (see tempMark()).
  size_t tempMark() const { return temps_.size(); }
  void freeTemps(size_t mark, Block& out);

  const ir::FunDef& fun;
  const std::string& functionName() const { return fun.name; }
  std::map<std::string, int> kernelOrdinals;

protected:
  ExpRef freeScalar(const std::string& key) override;
  const ArrayVar* freeArray(const std::string& key) override;
  void lowerOp(const ir::Stm& stm, const ir::Op& op, Block& out) override;
  void lowerAssert(const ir::Stm& stm, ExpRef cond, Block& out) override;
  void lowerApply(const ir::Stm& stm, const ir::Apply& ap, Block& out) override;
  void enterScope() override;
  void exitScope(Block& out) override;
  void declareExistential(const ir::Stm& stm, const ir::VName& block, Block& out) override;
  void fillExistential(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                       bool mayTake, Block& out) override;
  void aliasBlock(const ir::VName& alias, const ir::VName& block) override;
  ArrayVar stageResult(const ir::Stm& stm, const ArrayVar& src, bool take,
                       Block& out) override;

private:
  /// The entry's C-API parameters (LowerEntryParams.cpp); checks that array arguments
  /// have the sizes the IR shares between them go to `checks`.
  void bindParams(Function& f, Block& checks);
  /// Appends the size Scalar params and the Mem param (named after `memBase`) of entry
  /// array `p`; claims the sizes in `freshSizes` it is the first to name.
  void addArrayParams(Function& f, const ir::Param& p, const std::string& memBase,
                      std::set<std::string>& freshSizes, Block& checks);
  /// Whether result `i` is a memory block (mem/ lists it before its array).
  bool isBlockResult(size_t i) const;
  /// The function's results: scalars, and arrays as their memory, preceded by their
  /// dimensions where `shapeResults` (entry points; called functions return sizes as
  /// results of their own). Scalar results are named resNames[i] + suffix.
  void lowerResults(Function& f, const std::vector<std::string>& resNames, Block& out,
                    bool shapeResults = true, const std::string& suffix = "");
  /// Marks the array results whose block the body allocates at the top level, row-major
  /// from offset 0: they are built in their out-parameter (resultBlocks_).
  void claimResultBlocks(const std::vector<std::string>& resNames);
  /// The out-parameter memory of array result `i`: its claimed block, or a fresh one it is
  /// copied to.
  std::string resultMemory(const ArrayVar& a, const std::string& resName, size_t i, Block& out);
  /// Frees temporaries, sets up the error flag and cleans up scalars; `body` becomes f's.
  void finishBody(Function& f, Block& body);

  std::map<std::string, std::string> mems_; ///< block VName::str() -> C name
  std::map<std::string, PrimType> memElem_;
  std::map<std::string, std::string> resultBlocks_; ///< block -> its out-parameter
  std::vector<std::string> temps_;           ///< allocated here, to free (C names)
  std::set<std::string> paramMems_;
  std::vector<size_t> scopeMarks_;
  std::string errorFlag_;                    ///< device i32 set by failing kernel asserts
  std::vector<std::string> kernelErrors_;     ///< see kernelErrorMessages()
};

/// One kernel under construction.
class KernelLowerer : public Lowerer {
public:
  KernelLowerer(HostLowerer& host, std::string name, const ir::Stm& stm);

  std::string mem(const ir::VName& block, PrimType elem, bool write) override;
  /// A bounds check and the element reads it protects, as checked loads (CheckedLoads.cpp).
  size_t lowerGroup(const std::vector<ir::Stm>& stms, size_t i, Block& out) override;
  ExpRef readElement(const ArrayVar& a, const std::vector<ExpRef>& idx, const std::string& as,
                     Block& out) override;
  void writeElement(const ArrayVar& a, const std::vector<ExpRef>& idx, ExpRef value,
                    Block& out) override;
  void fillArray(const ir::Stm& stm, const ArrayVar& dest, const std::string& kind,
                 const std::string& what, ElemFn gen, Block& out) override;

  /// A kernel parameter holding host value `value` (captured once per C name).
  ExpRef param(std::string_view name, ExpRef hostValue);
  /// A Mem parameter for a host buffer not bound to any IR block (e.g. partial results).
  std::string memParam(std::string_view name, const std::string& hostMem, PrimType elem,
                       bool write);
  /// Marks Mem parameter `name` as reaching a buffer no other parameter reaches.
  void markNoAlias(const std::string& name);
  /// Records an access for the doc comment of a buffer that is not an IR array.
  void noteAccess(bool write, const std::string& text);
  /// Records an access to array `a` (its memory and LMAD) for the doc comment.
  void noteArray(bool write, const ArrayVar& a);
  /// Declares a fresh i64 helper variable.
  ExpRef let(std::string_view name, ExpRef init, Block& out);

  HostLowerer& host;
  Kernel kernel;
  std::vector<KernelArg> args;
  std::vector<std::string> describe; ///< what it computes (doc lines)
  std::vector<std::string> errorMessages; ///< assertion messages; code = codeBase + index + 1
  /// The codes of this kernel's checks follow those of the kernels launched before it in
  /// the function (Note [Deferred kernel error checks] in DeferErrorChecks.cpp).
  int64_t codeBase = 0;
  std::string errorFlag;                  ///< the error flag's parameter, once there are checks
  std::string errorParam;                 ///< the kernel's name for the error flag, if any
  /// The codes of bounds checks whose loads read `ok ? xs[i] : 0` (Note [Checked loads]):
  /// guardFailedChecks leaves the statements after them unguarded.
  std::set<int64_t> loadChecks;

  /// The kernel's doc comment (source location, line, description, LMADs accessed).
  std::vector<std::string> doc() const;
  /// The SegOp statement the kernel comes from.
  const ir::Stm& stm() const { return stm_; }

  /// Applies the operator `lam` of a SegRed/SegScan/SegHist to `args`: through one device
  /// function named after `name` unless the operator is a single built-in operation, which
  /// is written at the site (LowerDeviceFunction.cpp).
  std::vector<ExpRef> applyOperator(const ir::Lambda& lam, const std::string& name,
                                    const std::vector<ExpRef>& args, Block& out);
  /// The error flag as a Mem parameter (Note [Assertions in kernels]).
  virtual std::string errorFlagParam();
  /// The value that check `code` (1 + its index in errorMessages) stores in the flag.
  virtual ExpRef errorCode(int64_t code);

protected:
  ExpRef freeScalar(const std::string& key) override;
  const ArrayVar* freeArray(const std::string& key) override;
  void lowerOp(const ir::Stm& stm, const ir::Op& op, Block& out) override;
  void lowerAssert(const ir::Stm& stm, ExpRef cond, Block& out) override;
  void lowerApply(const ir::Stm& stm, const ir::Apply& ap, Block& out) override;

  /// Memory block `block` after the aliases of inlined calls.
  ir::VName resolveAlias(const ir::VName& block) const;

private:
  /// Calls device function `fn` (lowering it first if needed): `argument(i, p)` is what the
  /// call passes for the call's own argument i and parameter p; returns the results, in
  /// fresh variables named after `resultNames`.
  std::vector<ExpRef> callDevice(const DeviceFunctionInfo& fn,
                                 const std::function<KernelArg(size_t, const Param&)>& argument,
                                 const std::vector<std::string>& resultNames, Block& out);
  /// The device function of kept function `f` (lowered on first use), or null where `f`
  /// is inlined instead (results or local arrays that are not scalars or views of its
  /// parameters).
  const DeviceFunctionInfo* deviceFunctionOf(const ir::Stm& stm, const ir::FunDef& f);
  void lowerScrema(const ir::Stm& stm, const ir::Screma& s, Block& out);
  friend void lowerIntraGroupSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                                    Block& out);
  // Further SOACs nested in a kernel body (LowerNestedSoac.cpp).
  void lowerNestedHist(const ir::Stm& stm, const ir::Hist& h, Block& out);
  void lowerNestedScatter(const ir::Stm& stm, const ir::Scatter& s, Block& out);
  /// The start of a sequential in-place update (hist, scatter) in the thread: binds the
  /// destinations of `stm`, then `lam`'s parameters for element `i` of `inputs` and its
  /// statements into `body`. Returns the loop index `i`.
  std::string beginNestedUpdate(const ir::Stm& stm, const ir::Lambda& lam,
                                const std::vector<ir::VName>& inputs, Block& body);
  /// Binds the parameters of `lam`, applied to element `iv` of `inputs` (scalars read,
  /// rows as views), and the lambda's element index variable (ir/ElementIndex.h).
  void bindElementParams(const ir::Lambda& lam, const std::vector<ir::VName>& inputs,
                         const std::string& iv, Block& out);
  /// Folds the results `res[first...]` into the accumulators of `op` (arrays: in place in
  /// the pattern elements `accPat`, scalars: the C variables `accs`).
  void foldArrayOp(const ir::Stm& stm, const ir::RedOp& op, size_t accFirst,
                   const std::vector<std::string>& accs, const std::vector<ir::SubExp>& res,
                   size_t resFirst, Block& out);
  /// One step i (C name) of scan `op` with array operands: row i of each array result
  /// starts as row i - 1 (the neutral element at i = 0) and takes the operator's result;
  /// scalar components go to their accumulators in `accs` and their results' element i.
  void scanArrayOp(const ir::Stm& stm, const ir::RedOp& op, size_t first,
                   const std::vector<std::string>& accs, const std::vector<ir::SubExp>& res,
                   size_t resFirst, const std::string& i, Block& out);
  /// Applies `op` once to the accumulators and the values `xs`: accumulator q is the array
  /// `accArrays[q]` where it has one (bound to the operator's parameter, and given the
  /// operator's result by a copy unless it is already there), else the scalar
  /// `accScalars[q]`. Returns the scalar results (null for the arrays).
  std::vector<ExpRef> applyArrayOp(const ir::Stm& stm, const ir::RedOp& op,
                                   const std::vector<std::optional<ArrayVar>>& accArrays,
                                   const std::vector<ExpRef>& accScalars,
                                   const std::vector<ir::SubExp>& xs, Block& out);

  const ir::Stm& stm_;
  ExpRef loadGuard_; ///< while set, readElement reads `loadGuard_ ? xs[i] : 0`
  std::map<std::string, std::string> memParams_; ///< host C name -> kernel C name
  std::map<std::string, std::string> scalarParams_; ///< host C name -> kernel C name
  std::map<std::string, ir::VName> blockAlias_; ///< blocks of inlined calls -> caller's
  std::set<std::string> inlining_; ///< the functions whose calls are being inlined
  std::vector<std::string> reads_, writes_;
};

/// The most threads per block any kernel is launched with (shared arrays are sized by it).
inline constexpr int64_t kMaxBlockSize = 1024;
inline constexpr int64_t kDefaultBlockSize = 256;
inline constexpr int64_t kDefaultNumBlocks = 1024;

// Stm builders.
Stm comment(std::string text);
Stm declare(std::string name, PrimType t, ExpRef init = nullptr);
Stm assign(std::string name, ExpRef value);
Stm store(std::string mem, ExpRef index, ExpRef value);
Stm ifThen(ExpRef cond, Block then, Block otherwise = {});
Stm forLoop(std::string i, ExpRef bound, Block body);
Stm whileLoop(ExpRef cond, Block body);
Stm barrier();
Stm sharedArray(std::string name, PrimType t, int64_t count);
/// A shared array of one element per thread, sized on the host (Note [Dynamic shared memory
/// in Imp]).
Stm dynamicSharedArray(std::string name, PrimType t);
/// The bytes of dynamic shared memory that the arrays `kernelBody` declares take with
/// `threads` threads per block; nullptr when it declares none.
ExpRef dynamicSharedBytes(const Block& kernelBody, ExpRef threads);

/// Arithmetic helpers on i64 expressions, folding constants.
ExpRef add(ExpRef a, ExpRef b);
ExpRef sub(ExpRef a, ExpRef b);
ExpRef mul(ExpRef a, ExpRef b);
ExpRef divUp(ExpRef a, ExpRef b); ///< ceil(a / b) for a >= 0, b > 0
ExpRef quot(ExpRef a, ExpRef b);  ///< a / b for a >= 0, b > 0 (C division)
ExpRef rem(ExpRef a, ExpRef b);   ///< a % b for a >= 0, b > 0 (C remainder)
ExpRef eq(ExpRef a, ExpRef b);
ExpRef andE(ExpRef a, ExpRef b);
ExpRef minE(ExpRef a, ExpRef b);
ExpRef maxE(ExpRef a, ExpRef b);
ExpRef lt(ExpRef a, ExpRef b);
ExpRef notE(ExpRef a);
/// The product of the shape's sizes.
ExpRef shapeCount(Lowerer& L, const ir::Shape& shape);
/// A loop nest over `shape` (outermost first) whose innermost body is built by `inner`
/// from the indices.
void loopNest(Lowerer& L, const ir::Shape& shape,
              const std::function<void(const std::vector<ExpRef>&, Block&)>& inner,
              Block& out);

/// `atomic_cas.i32 flag[0], 0, code`: a kernel's failed check records its code unless an
/// earlier failure did (Note [Assertions in kernels] in LowerKernel.cpp).
Stm setErrorCode(const std::string& flag, ExpRef code);

/// Replaces uses of scalar copies (`T a = b;`) by their source where both keep their value
/// while the copy is live, except copies named in `keep` (Cleanup.cpp). The dead copies
/// are left for removeUnusedScalars.
///   float x_1 = acc; float y = x; float t = x_1 + y;  ==>  ... float t = acc + x;
void propagateCopies(Block& b, const std::set<std::string>& keep = {});
/// Folds a compiler temporary (`t`, `cmp`, `cond`, `if_res`, perhaps `_N`) into the
/// statement that is its only reader, lets calls write their results into the variables
/// they are copied to, and turns an `if` that only chooses values into selects, except for
/// names in `keep` (Cleanup.cpp).
///   float t_1 = acc + x; acc = t_1;  ==>  acc = acc + x;
///   T r; f(x, &r); acc = r;  ==>  f(x, &acc);
void foldTemporaries(Block& b, const std::set<std::string>& keep = {});
/// Deletes DeclareScalar statements whose variable is never used (expressions have no side
/// effects), except names in `keep` (Cleanup.cpp).
void removeUnusedScalars(Block& b, const std::set<std::string>& keep = {});
/// Makes a failed check skip the thread's statements after it, barriers aside
/// (GuardChecks.cpp; Note [Assertions in kernels]).
///   if (!ok) { atomic_cas flag[0], 0, 1; } int x = xs[i]; ys[g] = x;
///     ==>  if (!ok) { atomic_cas flag[0], 0, 1; } else { int x = xs[i]; ys[g] = x; }
/// Checks whose code is in `loadChecks` guard nothing (Note [Checked loads]).
void guardFailedChecks(Block& body, const std::string& errorFlag,
                       const std::set<int64_t>& loadChecks = {});
/// Reads the error flag back where the host next depends on the device (a ReadScalar, a
/// failing host check) and at the end of `body`, rather than after every launch of a kernel
/// with checks (DeferErrorChecks.cpp; Note [Deferred kernel error checks]).
void deferErrorChecks(Block& body, const std::string& errorFlag,
                      const std::vector<std::string>& messages, NameScope& names);

// SegOp lowering (one file each). Each appends kernels to the program and host code to `out`.
void lowerSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out);
/// A SegMap marked tiled (Note [Tiled SegMap]; LowerTiled.cpp).
void lowerTiledSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out);
/// A two-dimensional SegMap reading a neighbourhood of its point, in 2-D blocks (Note
/// [Stencil blocks], LowerStencil.cpp); returns false, emitting nothing, for other SegMaps.
bool lowerStencilSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out);
/// An intra-group SegMap (Note [Intra-group SegMap] in ir/IR.h; LowerIntraGroup.cpp).
void lowerIntraGroupSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                           Block& out);
void lowerSegRed(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out);
void lowerSegScan(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out);
/// Lowers the filter of Note [Filter as scan and scatter] whose SegScan is `stms[i]` in one
/// pass (Note [One-pass filter]); returns how many statements it consumed (0: no match).
size_t lowerFusedFilter(HostLowerer& host, const std::vector<ir::Stm>& stms, size_t i,
                        Block& out);
void lowerSegHist(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out);

/// Whether copying `src` to `dest` (same shape) swaps the memory order of the two innermost
/// dimensions: one side row-major, the other row-major once those two are swapped
/// (LowerTranspose.cpp).
bool isTransposingCopy(const ArrayVar& dest, const ArrayVar& src);
/// Lowers such a copy to a tiled transpose kernel (Note [Tiled transpose]) and its launch;
/// returns false, emitting nothing, when the copy is not a transposition.
bool lowerTransposeCopy(HostLowerer& host, const ir::Stm& stm, const ArrayVar& dest,
                        const ArrayVar& src, Block& out);

/// Binds flat index `flat` unflattened over `dims` (row-major, outermost first) to fresh
/// i64 variables named `names`; returns them. `dims[0]` is never read (may be null).
std::vector<ExpRef> unflatten(KernelLowerer& k, const std::vector<ExpRef>& dims, ExpRef flat,
                              const std::vector<std::string>& names, Block& out);
/// Stores results `res[firstRes..]` of point `point` into pattern elements
/// `stm.pat[firstPat..]`: scalars at the point, arrays as the point's row (skipped when the
/// body already built the row in place).
/// `symPoint` is the point as symbolic variables (the SegSpace's index names).
void storeResults(KernelLowerer& k, const ir::Stm& stm, size_t firstPat,
                  const std::vector<ir::SubExp>& res, size_t firstRes,
                  const std::vector<ExpRef>& point,
                  const std::vector<symbolic::Expr>& symPoint, Block& out);
/// `blockId * blockSize + threadId`, declared as `name` in the kernel.
ExpRef globalThreadId(KernelLowerer& k, const std::string& name, Block& out);

} // namespace fjord::imp::detail
