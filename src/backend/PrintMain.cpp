// prog_main.cpp (with --executable): a command-line program over the C API alone. It reads an
// entry point's arguments from stdin in Futhark's data format, runs it `-r` times (timing
// each run, input transfer excluded), and prints the results. Both backends share it: build
// it with prog.cu (nvcc) or prog_host.cpp (g++ -lOpenCL). The fixed text is
// templates/main.cpp.in; this file prints what depends on the entry points.
#include "backend/PrintMain.h"

#include "backend/Api.h"
#include "backend/Template.h"

namespace fjord::backend {
namespace {

std::string elemEnum(PrimType t) {
  std::string s = primName(t);
  for (char& c : s)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "fjord_rt::data::Elem::" + std::string(s == "BOOL" ? "Bool" : s);
}

std::string runFunction(const imp::Function& f, const std::string& p) {
  EntrySignature sig = entrySignature(f);
  std::string o = "/// Reads the arguments of entry point `" + f.name +
                  "`, runs it and prints its results.\n";
  o += "static int run_" + f.name + "(struct " + p +
       "_context* ctx, fjord_rt::data::Runner& runner) {\n";
  if (!sig.params.empty()) {
    o += "    fjord_rt::data::Value";
    for (size_t i = 0; i < sig.params.size(); ++i)
      o += std::string(i ? "," : "") + " " + sig.params[i].cname + "_value";
    o += ";\n";
  }
  for (const EntryArg& a : sig.params)
    o += "    if (!runner.read(" + a.cname + "_value, " + elemEnum(a.value.elem) + ", " +
         std::to_string(a.value.rank) + ", \"" + a.value.name + "\"))\n        return 1;\n";
  o += "    if (!runner.finishInput())\n        return 1;\n";
  o += "    for (int run = 0; run < runner.runs(); ++run) {\n";
  std::vector<std::string> callArgs;
  for (const EntryArg& a : sig.params) {
    if (a.value.rank == 0) {
      callArgs.push_back(a.cname + "_value.get<" + apiScalarType(a.value.elem) + ">()");
      continue;
    }
    std::string suffix = ArrayType{a.value.elem, a.value.rank}.name(p).substr(p.size() + 1);
    o += "        struct " + p + "_" + suffix + "* " + a.cname + " = " + p + "_new_" + suffix +
         "(ctx, " + a.cname + "_value.data<" + apiScalarType(a.value.elem) + ">()";
    for (int d = 0; d < a.value.rank; ++d)
      o += ", " + a.cname + "_value.shape[" + std::to_string(d) + "]";
    o += ");\n        if (!" + a.cname + ")\n            return reportError(ctx);\n";
    callArgs.push_back(a.cname);
  }
  std::vector<std::string> outArgs;
  for (const EntryArg& a : sig.results) {
    if (a.value.rank == 0) {
      o += "        " + apiScalarType(a.value.elem) + " " + a.cname + " = 0;\n";
    } else {
      o += "        struct " + ArrayType{a.value.elem, a.value.rank}.name(p) + "* " + a.cname +
           " = nullptr;\n";
    }
    outArgs.push_back("&" + a.cname);
  }
  o += "        if (runner.flushL2() && " + p + "_context_flush_l2(ctx) != 0)\n"
       "            return reportError(ctx);\n";
  o += "        runner.startRun();\n";
  o += "        int status = " + p + "_entry_" + f.name + "(ctx";
  for (const std::string& a : outArgs)
    o += ", " + a;
  for (const std::string& a : callArgs)
    o += ", " + a;
  o += ");\n        if (status == 0)\n            status = " + p +
       "_context_sync(ctx);\n        runner.endRun();\n";
  for (const EntryArg& a : sig.params)
    if (a.value.rank > 0)
      o += "        " + p + "_free_" +
           ArrayType{a.value.elem, a.value.rank}.name(p).substr(p.size() + 1) + "(ctx, " +
           a.cname + ");\n";
  o += "        if (status != 0)\n            return reportError(ctx);\n";
  o += "        bool last = run + 1 == runner.runs();\n";
  for (const EntryArg& a : sig.results) {
    std::string elem = apiScalarType(a.value.elem);
    if (a.value.rank == 0) {
      o += "        if (last)\n            runner.print(fjord_rt::data::Value::scalar(" +
           elemEnum(a.value.elem) + ", " + a.cname + "));\n";
      continue;
    }
    std::string suffix = ArrayType{a.value.elem, a.value.rank}.name(p).substr(p.size() + 1);
    o += "        if (last) {\n            fjord_rt::data::Value value(" + elemEnum(a.value.elem) +
         ", " + p + "_shape_" + suffix + "(ctx, " + a.cname + "), " +
         std::to_string(a.value.rank) + ");\n";
    o += "            status = " + p + "_values_" + suffix + "(ctx, " + a.cname +
         ", value.data<" + elem + ">());\n";
    o += "            if (status == 0)\n                runner.print(value);\n        }\n";
    o += "        " + p + "_free_" + suffix + "(ctx, " + a.cname + ");\n";
    o += "        if (status != 0)\n            return reportError(ctx);\n";
  }
  o += "    }\n    return 0;\n}\n\n";
  return o;
}

} // namespace

std::string printMain(const imp::Program& prog, const std::string& p, const std::string& stem) {
  std::string runFunctions, entryDispatch;
  for (const imp::Function& f : prog.functions) {
    if (!f.entry)
      continue;
    runFunctions += runFunction(f, p);
    entryDispatch += "if (options.entry == \"" + f.name + "\")\n        status = run_" + f.name +
                     "(ctx, runner);\n    else ";
  }
  return instantiate("main.cpp.in", hostDialect(),
                     {{"file_header", fileHeader(prog)},
                      {"prefix", p},
                      {"header", stem + ".h"},
                      // Without entry points nothing reports errors (an unused static
                      // function fails -Werror).
                      {"any_entry", runFunctions.empty() ? "0" : "1"},
                      {"run_functions", runFunctions},
                      {"entry_dispatch", entryDispatch}});
}

} // namespace fjord::backend
