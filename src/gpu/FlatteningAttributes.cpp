// The source attributes that direct flattening (see the header).
//
// Note [Flattening attributes]
// As in Futhark, attributes on a SOAC expression constrain how extraction flattens it.
// Internalisation keeps every attribute but `unsafe` on the statements the attributed
// expression becomes at its own level (Provenance::attrs; not on those of its lambdas'
// bodies), and the passes before extraction keep provenance. Extraction then reads them:
//   #[sequential]         no parallelism from the SOAC: inside a map nest it is not
//                         distributed and runs sequentially in each thread; at host level
//                         a kernel of one thread runs it (any Screma: map, reduce, scan).
//   #[sequential_outer]   the SOAC's own parallelism is not used, its body's is: a
//                         host-level map becomes a host `for` loop over its elements whose
//                         body (the map's) is host code, so the SOACs in it become kernels;
//                         inside a nest it runs sequentially in each thread, as a map turned
//                         into a loop of in-place updates is not interchanged (G7).
//   #[sequential_inner]   the map is parallel and everything in it sequential: only the
//                         outer-parallel version (A), one SegMap over the nest so far whose
//                         threads run the map's body; no threshold.
//   #[incremental_flattening(no_outer)]    no version A for this map: it is flattened (C),
//                         and the maps inside it are versioned as usual. Version B, which
//                         Fjord makes only beside A (DistributeNests.cpp), is then not made.
//   #[incremental_flattening(only_inner)]  no versions at this level (neither A nor B),
//                         those of nested maps as usual.
//   #[incremental_flattening(no_intra)]    no version B: A and C remain.
//   #[incremental_flattening(only_intra)]  only version B. Fjord makes B only beside A, so
//                         the closest correct code is used: the flattened version C, which
//                         like B exploits the inner parallelism and unlike B has no limit
//                         on the inner size to fail at.
// Futhark's newer spelling `flattening(...)` is accepted too. Attributes on SOACs that
// Fjord does not flatten by these rules (a host-level `#[sequential_outer]` reduction,
// scatters and histograms) and unknown attributes have no effect, as in Futhark.
#include "gpu/FlatteningAttributes.h"

#include "support/Diagnostics.h"

#include <algorithm>
#include <cctype>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

std::string withoutSpaces(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); }),
          s.end());
  return s;
}

/// `arr[i, 0:d_1:1, ..., 0:d_k:1]` for the dimensions of `row`: row `i` of `arr`.
Slice rowSlice(const SubExp& i, const Type& row) {
  Slice slice;
  DimIndex fixed;
  fixed.index = i;
  slice.push_back(fixed);
  for (const SubExp& d : row.shape) {
    DimIndex all;
    all.fixed = false;
    all.start = PrimValue::int64(0);
    all.count = d;
    all.stride = PrimValue::int64(1);
    slice.push_back(all);
  }
  return slice;
}

Stm indexRow(const Param& to, const VName& arr, const SubExp& i, const Provenance& prov) {
  BasicOp op;
  op.kind = BasicOp::Kind::Index;
  op.arr = arr;
  op.slice = rowSlice(i, to.type);
  return Stm{{to}, Exp{std::move(op)}, prov};
}

} // namespace

FlatteningAttrs flatteningAttrs(const Provenance& prov) {
  FlatteningAttrs a;
  for (const std::string& written : prov.attrs) {
    std::string attr = withoutSpaces(written);
    for (const char* prefix : {"incremental_flattening(", "flattening("}) {
      std::string p = prefix;
      if (attr.size() > p.size() && attr.compare(0, p.size(), p) == 0 && attr.back() == ')') {
        attr = "flattening:" + attr.substr(p.size(), attr.size() - p.size() - 1);
        break;
      }
    }
    if (attr == "sequential")
      a.sequential = true;
    else if (attr == "sequential_outer")
      a.sequentialOuter = true;
    else if (attr == "sequential_inner")
      a.sequentialInner = true;
    else if (attr == "flattening:no_outer")
      a.noOuter = true;
    else if (attr == "flattening:only_inner")
      a.noOuter = a.noIntra = true;
    else if (attr == "flattening:no_intra")
      a.noIntra = true;
    else if (attr == "flattening:only_intra")
      a.noOuter = a.onlyIntra = true;
  }
  return a;
}

void oneThreadKernel(const Stm& stm, NameSource& names, const IotaMap& iotas,
                     std::vector<Stm>& out) {
  KernelNest nest;
  nest.addLevel(names, PrimValue::int64(1), Lambda{}, {});
  SegOp op;
  op.kind = SegOp::Kind::Map;
  op.space = nest.space(names);
  Stm inThread = stm; // binds fresh names: the host binds the statement's own
  std::vector<SubExp> results;
  std::vector<PatElem> perThread;
  for (PatElem& pe : inThread.pat) {
    pe.name = names.fresh(pe.name.name);
    op.types.push_back(pe.type);
    results.push_back(pe.name);
    perThread.push_back(Param{names.fresh(pe.name.name), nest.expand(pe.type), nullptr});
  }
  Provenance prov = stm.prov; // names the kernel: `<fun>_sequential_map`
  prov.what = "sequential_" + (prov.what.empty() ? std::string("soac") : prov.what);
  op.body = kernelBody(nest, {inThread}, std::move(results), iotas, names, prov);
  out.push_back(segStm(perThread, std::move(op), prov));
  for (size_t k = 0; k < stm.pat.size(); ++k)
    out.push_back(indexRow(stm.pat[k], perThread[k].name, PrimValue::int64(0), stm.prov));
}

void sequentialLoop(const Stm& stm, const Screma& s, NameSource& names, std::vector<Stm>& out) {
  FJORD_CHECK(stm.pat.size() == s.map.body.result.size(), "map pattern does not match its lambda");
  Loop loop;
  loop.kind = Loop::Kind::For;
  loop.iterator = names.fresh("i");
  loop.bound = s.width;
  Body& body = loop.body;
  std::vector<Stm> inits;
  for (size_t k = 0; k < s.inputs.size(); ++k)
    body.stms.push_back(indexRow(s.map.params[k], s.inputs[k], loop.iterator, stm.prov));
  body.stms.insert(body.stms.end(), s.map.body.stms.begin(), s.map.body.stms.end());
  for (size_t k = 0; k < stm.pat.size(); ++k) {
    const PatElem& pe = stm.pat[k];
    BasicOp zeros; // every element is written before the loop ends
    zeros.kind = BasicOp::Kind::Replicate;
    zeros.shape = pe.type.shape;
    zeros.args = {PrimValue::wrapped(pe.type.elem, 0)};
    Param init{names.fresh(pe.name.name + "_init"), pe.type, nullptr};
    inits.push_back(Stm{{init}, Exp{std::move(zeros)}, stm.prov});
    Param acc{names.fresh(pe.name.name + "_acc"), pe.type, nullptr};
    loop.merge.emplace_back(acc, SubExp(init.name));
    BasicOp update;
    update.kind = BasicOp::Kind::Update;
    update.arr = acc.name;
    update.slice = rowSlice(loop.iterator, s.map.retTypes[k]);
    update.args = {s.map.body.result[k]};
    Param next{names.fresh(pe.name.name + "_next"), pe.type, nullptr};
    body.stms.push_back(Stm{{next}, Exp{std::move(update)}, stm.prov});
    body.result.push_back(next.name);
  }
  out.insert(out.end(), inits.begin(), inits.end());
  out.push_back(Stm{stm.pat, Exp{std::move(loop)}, stm.prov});
}

} // namespace fjord::gpu
