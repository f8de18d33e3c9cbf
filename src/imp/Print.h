// The textual form of the imperative IR: deterministic, C-like, indented two spaces per
// level, and complete, so that imp/Parse.h reads it back and parse(print(p)) equals p
// (imp/Equal.h). Every operator is parenthesised, so the text needs no precedence rules,
// except the outermost one of an expression the statement already delimits (`if (a < b)`,
// `x = a + b;`, `xs[i + 1i64]`: `bexp` below). Variables carry no types (the parser takes
// them from the declarations in scope).
//
//   program  ::= "source" STRING ";" tuning* function* (kernel | function)*  -- device first
//   tuning   ::= "tuning" STRING "=" INT STRING ";"               -- name = default "doc"
//   kernel   ::= doc* ["#[span" SPAN "]"] "kernel" NAME "(" param,* ")" block
//   function ::= doc* ["#[span" SPAN "]"] ["#[entry(" entryval,* ") -> (" entryval,* ")]"]
//                ("entry" | "fun" | "device" "fun") NAME "(" param,* ")" "->" "(" param,* ")" block
//   doc      ::= "///" TEXT-TO-END-OF-LINE
//   param    ::= TYPE NAME | ["noalias"] ["const"] "mem" TYPE NAME
//                                        -- const: not written; noalias: no other param reaches it
//   block    ::= "{" stm* "}"
//   stm      ::= "//" TEXT ("//|" TEXT)*                         -- Comment (one per line)
//              | TYPE NAME ["=" bexp] ";"                        -- DeclareScalar
//              | ("shared" | "private" | "host") TYPE NAME "[" bexp "]" ";"  -- DeclareArray
//              | NAME "=" bexp ";" | NAME "[" bexp "]" "=" bexp ";"  -- Assign, Store
//              | "atomic" BINOP "." TYPE NAME "[" bexp "]" "," bexp ";"
//              | "atomic_cas" "." TYPE NAME "[" bexp "]" "," bexp "," bexp "->" NAME "," NAME ";"
//                                                  -- expected, new -> value found, swapped
//              | "if" "(" bexp ")" block ["else" block] | "if" "(" bexp ")" "fail" STRING ";"
//              | "for" "(" NAME "<" bexp ")" block | "while" "(" bexp ")" block
//              | "barrier" ";" | "break" ";"
//              | "alloc" NAME "(" bexp "bytes" ")" ";" | "free" NAME ";" | "mem" NAME ";"
//              | NAME "<-" "move" NAME ";"                       -- MoveMem
//              | "copy" NAME "+" exp "<-" NAME "+" exp "(" bexp "bytes" ")" ";"
//              | "launch" NAME "<<<" exp "," exp ["," exp] ">>>" "(" (exp | "mem" NAME),* ")" ";"
//              | "call" NAME "(" (exp | "mem" NAME),* ")" "->" "(" (exp | "mem" NAME),* ")" ";"
//              | "return" bexp,+ ";"                            -- device functions only
//              | "read" "." TYPE NAME "<-" NAME "[" bexp "]" ";"  -- ReadScalar
//              | "write" "." TYPE NAME "[" bexp "]" "<-" bexp ";" -- WriteScalar
//   bexp     ::= exp | exp OP exp | exp "?" exp ":" exp          -- "bare" expression
//   exp      ::= CONST | NAME | NAME "[" bexp "]"                -- 3i64, x, Load
//              | "(" bexp ")"                                    -- only around OP and "?"
//              | UNOP "(" bexp ")" | TYPE "(" bexp ")"          -- neg(x), f32(x): Convert
//              | "call." NAME "." TYPE "(" bexp,* ")"
//              | "thread_id()" | "block_id()" | "block_size()" | "num_blocks()"
//              | "tuning(" STRING ")" | "cmp_size(" STRING "," exp ")"  -- threshold <= exp
//   OP       ::= + - * / % << >> & | ^ && || (C's meaning: / and % truncate)
//              | div mod pow lshr min max (ir/IR.h's names) | == != < <= > >=
// NAME, STRING, CONST, SPAN, entryval, UNOP and BINOP are as in the core IR (ir/Print.h).
#pragma once
#include "imp/Imp.h"

#include <string>

namespace fjord::imp {

/// How an operator reads between its operands: "+", "&&", "div", "==", ...
std::string binOpText(BinOpKind op);
std::string cmpOpText(CmpOpKind op);

std::string printExp(const Exp& e);
/// `indent` is the number of leading spaces of each line.
std::string printStm(const Stm& s, int indent = 0);
std::string printKernel(const Kernel& k);
std::string printFunction(const Function& f);
/// The source line, tuning parameters, device functions, kernels, then functions, separated
/// by blank lines.
std::string printProgram(const Program& p);

} // namespace fjord::imp
