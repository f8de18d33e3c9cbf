// The textual form of the core IR (every stage: core, gpu, mem). Deterministic, indented two
// spaces per level, and unambiguous so that ir/Parse.h reads it back: parse(print(p)) equals
// p (ir/Equal.h). Attributes end their line; a SPAN is `path:line:col-line:col`.
//
//   fun     ::= [ "#[span" SPAN "]" ] [ "#[entry(" entryval,* ") -> (" entryval,* ")]" ]
//               ("entry" | "fun") NAME "(" param,* ")" ":" "{" type,* "}" "=" body
//   entryval ::= NAME ":" ["*"] "[]"* TYPE
//   param   ::= VNAME ":" type [ "@" VNAME "->" LMAD ]
//   body    ::= "{" stm* "in" "{" subexp,* "}" "}"
//   stm     ::= [ "#[prov" STRING SPAN? "]" ] "let" "{" param,* "}" "=" exp
//   lambda  ::= "\" "(" param,* ")" ":" "{" type,* "}" "->" body
//   redop   ::= "(" ["commutative"] lambda "," "{" subexp,* "}" ")"
//   exp     ::= OP "." TYPE subexp*                       -- add.f32 x_1 y_2, lt.i64 ...
//             | "convert." TYPE "." TYPE subexp | "call." NAME "." TYPE "(" subexp,* ")"
//             | VNAME "[" dimindex,* "]" | VNAME "with" "[" dimindex,* "]" "=" subexp
//             | VNAME flatview | VNAME "with" flatview "=" subexp  -- FlatIndex, FlatUpdate
//             | "iota." TYPE subexp "," subexp "," subexp | "replicate" shape subexp
//             | "rearrange" "(" INT,* ")" VNAME | "reshape" shape VNAME | "copy" VNAME
//             | "concat" subexp "(" VNAME,* ")" | "array" type "[" subexp,* "]"
//             | "assert" subexp STRING | subexp
//             | "cmp_size" "(" STRING "," ("suff_outer_par" | "suff_intra_par") ")" "<" "=" subexp
//             | "device_limit" "(" ("max_block_size" | "max_shared_memory") ")"
//             | "if" subexp "then" body "else" body ":" "{" type,* "}"
//             | "loop" "{" param "=" subexp,* "}" ("for" VNAME "<" subexp | "while" VNAME) "do" body
//             | "apply" NAME "(" subexp,* ")" ":" "{" type,* "}"
//             | "screma" "(" subexp "," "{" VNAME,* "}" ")" "map" lambda
//                   "scan" "{" redop,* "}" "reduce" "{" redop,* "}"
//             | "hist" "(" subexp "," "{" VNAME,* "}" ")" "ops" histops "bucket" lambda
//             | "scatter" "(" subexp "," "{" VNAME,* "}" "," "{" VNAME,* "}" ")" lambda
//             | "stream_map" "(" subexp "," "{" VNAME,* "}" ")" lambda
//             | "stream_red" "(" subexp "," "{" VNAME,* "}" ")" "reduce" "{" redop,* "}" lambda
//             | "stream_seq" "(" subexp "," "{" VNAME,* "}" "," "{" subexp,* "}" ")" lambda
//             | ("segmap" | "segred" | "segscan" | "seghist") space
//                   [ "ops" ("{" redop,* "}" | histops) ]     -- segred/segscan | seghist
//                   [ "scatter" "into" "{" VNAME,* "}" ] [ "tiled" INT INT ]
//                   [ "intra_group" ] ":" "{" type,* "}" body   -- Note [Intra-group SegMap]
//             | "alloc" "(" subexp "," SPACE ")"
//   histops  ::= "{" ( "(" subexp "," "{" VNAME,* "}" "," redop ")" ),* "}"
//   dimindex ::= subexp | subexp ":+" subexp "*" subexp   -- start :+ count * stride
//   flatview ::= "[" subexp "+" "{" ("(" subexp ":" subexp ")"),* "}" "]"
//   space    ::= "(" VNAME ";" (VNAME "<" subexp),* ")"
#pragma once
#include "ir/IR.h"

#include <string>

namespace fjord::ir {

/// The whole program, functions in order, separated by blank lines.
std::string printProg(const Prog& prog);
std::string printFunDef(const FunDef& fun);
/// `indent` is the number of leading spaces for nested lines.
std::string printBody(const Body& body, int indent = 0);
std::string printStm(const Stm& stm, int indent = 0);
std::string printExp(const Exp& exp, int indent = 0);
std::string printLambda(const Lambda& lam, int indent = 0);
std::string printParam(const Param& param);
std::string printSlice(const Slice& slice);

// Pieces shared with the imperative IR's text form (imp/Print.h).
/// `"text"` with `"`, `\` and newlines escaped, as the lexer reads strings back.
std::string quoteString(const std::string& s);
/// `path:line:col-line:col`, or "" for an unknown span.
std::string printSpan(const SourceSpan& span);
/// `name: *[][]t, ...` (the inside of `#[entry(...)]`).
std::string printEntryValues(const std::vector<EntryValue>& values);

} // namespace fjord::ir
