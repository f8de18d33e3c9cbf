// The memory introducer (IntroduceMemory.h), one class whose member functions are split by
// job over the files below, around this header private to mem/ (as Halide splits its
// simplifier): IntroduceMemory.cpp (the walk over functions, bodies and statements, and
// function results), IntroduceMemoryAlloc.cpp (allocation, memory expansion in kernels,
// copies), IntroduceMemoryViews.cpp (views and reshapes), IntroduceMemoryExistential.cpp
// (existential memory of `if`s, loops and calls), IntroduceMemoryKernelLoops.cpp (loops in
// kernels), IntroduceMemorySegOp.cpp (SegOps and their results' rows) and
// IntroduceMemoryNested.cpp (SOACs and operators nested in kernels).
#pragma once
#include "gpu/DeviceFunctions.h"
#include "ir/MemInfo.h"
#include "mem/Layout.h"
#include "mem/SizeFacts.h"
#include "support/Diagnostics.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::mem::detail {

// The implementation speaks the IR's names unqualified (only these files include this).
using namespace ir;
using ir::Type; // not fjord::Type (source-language types)
using symbolic::Lmad;

template <class... Fs> struct Overloaded : Fs... { using Fs::operator()...; };
template <class... Fs> Overloaded(Fs...) -> Overloaded<Fs...>;

/// Thrown after reporting a limitation; caught by introduceMemory.
struct Stop {};

/// Where code runs: host code may allocate, kernel code may not.
enum class Level { Host, Kernel };

inline MemInfoRef memInfo(VName block, Lmad lmad) {
  return std::make_shared<const MemInfo>(MemInfo{std::move(block), std::move(lmad)});
}

inline Type memType() { return Type::mem(MemSpace::Device); }

class Introducer {
public:
  Introducer(Prog& prog, DiagnosticEngine& diags)
      : names_(prog.names), diags_(diags), device_(gpu::deviceFunctions(prog)) {}

  FunDef fun(const FunDef& f);

private:
  NameSource& names_;
  DiagnosticEngine& diags_;
  std::set<std::string> device_;
  std::map<VName, Type> types_;
  std::map<VName, MemInfoRef> mem_;
  std::set<VName> paramBlocks_; ///< the current function's parameter blocks
  std::set<VName> mayAliasParam_; ///< existential blocks that may be a parameter block
  SizeDefs defs_;                 ///< i64 arithmetic, expanded in LMADs
  SizeFacts facts_;               ///< what the prover may assume about sizes here

  /// The SegOp whose body is being walked (Note [Memory expansion] in Expand.h).
  struct KernelScope {
    std::vector<Stm>* host = nullptr; ///< the statements before the SegOp (hoisting target)
    const SegOp* seg = nullptr;
    Provenance prov;                  ///< the SegOp's
    std::optional<SubExp> points;     ///< the space's point count, once computed on the host
    std::set<VName> bound;            ///< names bound inside the kernel
    /// Arrays built in place in a row of the SegOp's result.
    std::map<VName, MemInfoRef> placed;
    /// Scalar operations of the kernel body, by result (to recompute sizes on the host).
    std::map<VName, BasicOp> scalarDefs;
    /// Kernel sizes recomputed on the host, and their host names.
    std::map<VName, SubExp> hoisted;
    /// Arrays that can be built in a later array's memory (inPlaceLinks, KernelLoops.h).
    std::map<VName, VName> links;
    /// The expanded memory given to the last array of each chain of links.
    std::map<VName, MemInfoRef> homes;
  };
  std::optional<KernelScope> kernel_;

  // ---- the walk (IntroduceMemory.cpp) ---------------------------------------------------

  void bind(const Param& p);
  MemInfoRef memOf(const VName& v) const;
  bool isArrayVar(const SubExp& se) const;
  bool mayAliasParam(const VName& block) const;

  /// Reports a known limitation and stops (later statements would lack memory).
  [[noreturn]] void unsupported(const Provenance& prov, const std::string& what);

  Body body(const Body& b, Level level);
  void stm(const Stm& s, Level level, std::vector<Stm>& out);
  void op(Stm& s, Op& o, Level level, std::vector<Stm>& out);

  /// Each array result becomes (block, array), row-major at offset 0 in a block of its own
  /// that is not a parameter's (so entry points and calls always return fresh memory).
  void functionResults(FunDef& f, Level level);

  // ---- allocation, expansion in kernels and copies (IntroduceMemoryAlloc.cpp) -----------

  /// `a * b` as an operand, folding constants and otherwise emitting `mul.i64`.
  SubExp mul(const SubExp& a, const SubExp& b, const std::string& hint,
             const Provenance& prov, std::vector<Stm>& out);

  /// `let <arr>_mem = alloc(bytes)` for an array of type `t`; returns its row-major memory.
  MemInfoRef allocate(const Type& t, const VName& arr, const Provenance& prov,
                      std::vector<Stm>& out);

  /// Gives `p` a fresh block (host), or its expanded memory or result row (kernel).
  void fresh(PatElem& p, Level level, const Provenance& prov, std::vector<Stm>& out);

  /// Memory for an array created in kernel code: its row of the SegOp's result when it is
  /// (through in-place updates) the point's result, otherwise a slice of a block allocated
  /// on the host before the SegOp (Note [Memory expansion] in Expand.h).
  void expand(PatElem& p, const Provenance& prov);

  /// Kernel size `d` as a host operand: itself when bound outside the kernel; when the
  /// kernel computes it from such values by arithmetic that cannot fail (`concat_len = m +
  /// m`), the same arithmetic repeated on the host before the SegOp; otherwise nothing (the
  /// size depends on the thread).
  std::optional<SubExp> hostSize(const SubExp& d);

  /// Whether a scalar operation is total (so that it may run on the host even where the
  /// kernel would not run it): no division by a variable, no memory access.
  static bool cannotFail(const BasicOp& op);

  /// `let <arr>_copy = copy arr` into fresh memory (row-major on the host, expanded in a
  /// kernel); returns the copy.
  VName copyFresh(const VName& arr, Level level, const Provenance& prov,
                  std::vector<Stm>& out);

  /// `arr` itself when it is row-major at offset 0 (and, with `needFresh`, in a block that
  /// is not a parameter's and not in `taken`); otherwise a fresh copy.
  VName rowMajorArray(const VName& arr, Level level, const Provenance& prov,
                      std::vector<Stm>& out, bool needFresh = false,
                      const std::set<VName>& taken = {});

  // ---- basic operations: views and reshapes (IntroduceMemoryViews.cpp) ------------------

  /// The one-dimensional LMAD of `op.arr`'s elements in row-major order (Note [Flat ops]),
  /// after copying `op.arr` into a fresh row-major block when no single LMAD says that
  /// (e.g. a transposed view).
  MemInfoRef flatSource(const Stm& s, BasicOp& op, Level level, std::vector<Stm>& out);

  /// The LMAD `o + {(n1 : s1), ...}` of a FlatIndex / FlatUpdate, over the flat elements.
  Lmad flatView(const BasicOp& op) const;

  void basicOp(Stm& s, BasicOp& op, Level level, std::vector<Stm>& out);

  // ---- existential memory of `if`s, loops and calls (IntroduceMemoryExistential.cpp) ----

  /// An array that lives row-major in a block that travels with it: the pattern element
  /// gets a fresh block name, inserted into `pat` before it.
  /// With `comps` > 0, the offset and the first `comps - 1` strides are existential too:
  /// i64 pattern elements between the block and the array (Note [Existential LMADs]).
  void existential(PatElem p, std::vector<PatElem>& pat, size_t comps = 0);

  /// The name bound so far whose VName::str() is `key` (a variable of a symbolic Expr).
  VName byKey(const std::string& key) const;

  /// Component `c` of `lmad` (Existential.h) as an i64 operand computed by statements
  /// appended to `out`.
  SubExp component(const Lmad& lmad, size_t c, const std::string& base, const Provenance& prov,
                   std::vector<Stm>& out);

  /// An `if` array result whose branches `res` both live in one block (bound outside):
  /// the components their LMADs provably agree on stay static, the others become i64
  /// results before the array (Note [Existential LMADs]).
  void existentialLayout(const PatElem& p, const Type& type, std::array<Body*, 2> bodies,
                         std::array<SubExp, 2> res, std::array<std::vector<SubExp>*, 2> results,
                         std::vector<PatElem>& pat, std::vector<Type>& types,
                         const Provenance& prov);

  /// The `if` result `p` in expanded memory, each branch ending with a copy into it.
  void branchesIntoOne(PatElem& p, std::array<Body*, 2> bodies, std::array<SubExp, 2> res,
                       std::array<std::vector<SubExp>*, 2> results, const Provenance& prov);

  void ifExp(Stm& s, If& e, Level level, std::vector<Stm>& out);
  void loop(Stm& s, Loop& e, Level level, std::vector<Stm>& out);

  /// Calls follow the function convention (see IntroduceMemory.h): a block before each
  /// array argument and result; arguments row-major at offset 0; results in fresh blocks.
  void apply(Stm& s, Apply& e, Level level, std::vector<Stm>& out);

  // ---- loops in kernels (IntroduceMemoryKernelLoops.cpp) --------------------------------

  /// A loop inside a kernel (Note [Loops in kernels]).
  void kernelLoop(Stm& s, Loop& e, std::vector<Stm>& out);

  /// `vals` with each array `vals[j]` that has a memory `homes[j]` made to live exactly
  /// there, by copies appended to `out` (Note [Loops in kernels]).
  std::vector<SubExp> intoHomes(std::vector<SubExp> vals, const std::vector<MemInfoRef>& homes,
                                const Provenance& prov, std::vector<Stm>& out);

  /// `let <arr>_loop = copy arr` into the given memory; returns the copy.
  VName copyInto(const VName& arr, const MemInfoRef& dest, const Provenance& prov,
                 std::vector<Stm>& out);

  // ---- SegOps and the placement of their results (IntroduceMemorySegOp.cpp) -------------

  void segOp(Stm& s, SegOp& seg, Level level, std::vector<Stm>& out);

  /// The arrays of a SegMap's, SegRed's or SegScan's body that can be built in their row of
  /// the SegOp's per-point results: the body's array results, and (walking back through
  /// in-place updates and aliases) the arrays they were made from.
  std::map<VName, MemInfoRef> placeResults(const Stm& s, const SegOp& seg);

  // ---- SOACs and operators nested in kernels (IntroduceMemoryNested.cpp) ----------------

  /// Operators and lambdas of kernel code. An array parameter takes the memory the caller
  /// gives it in `paramMem` (null for scalars): a view, never a copy.
  Lambda lambda(Lambda l, const Provenance& prov, const std::vector<MemInfoRef>& paramMem = {});

  /// Memory of the parameters of `lam` applied to the elements of `inputs` by a sequential
  /// loop in the thread (Note [Nested SOAC memory] in Expand.h): the row of each array
  /// input at the loop's index, as a view.
  std::vector<MemInfoRef> elementViews(const Lambda& lam, const std::vector<VName>& inputs);

  /// A SOAC inside a kernel body runs sequentially in the thread (Note [Nested SOAC memory]
  /// in Expand.h): the lambdas see rows of their array inputs as views, a reduction's
  /// accumulator is its (expanded) result, and a histogram or scatter works in place in
  /// its destinations.
  void nestedSoac(Stm& s, Soac& soac, Level level);

  void nestedScrema(Stm& s, Screma& e);

  /// A histogram over rows: the operator's array accumulators are views of the destination's
  /// row at the bucket (the operator's bucket index, ir/ElementIndex.h), its array values
  /// the bucket function's results for the same iteration (its element index in place of
  /// the bucket function's).
  void nestedHist(Hist& e, const Provenance& prov);

  /// The pattern of a histogram or scatter: its destinations, updated in place.
  void placeInDests(Stm& s, const std::vector<VName>& dests);
};

} // namespace fjord::mem::detail
