// Fjord's grammar for Futhark's language, its module system included (module expressions,
// module types, functors; src/sema/Modules*.cpp flattens them before type checking).
//
// The parse tree is deliberately flat where Futhark's syntax is user-extensible: a chain of
// binary operators is parsed as `operand (infixOp operand)*`, and src/syntax/ resolves
// precedence and associativity from each operator's leading characters (Operators.h). The
// grammar is factored so that almost every decision needs one or two tokens of lookahead,
// which keeps syntax errors close to where they are (SyntaxErrors.cpp words them).
//
// Whitespace matters in exactly one place: `[` directly after a name, `)`, `]` or a tuple
// projection is indexing (INDEX_LBRACKET); anywhere else it opens an array literal or a
// dimension (LBRACKET). See reference/grammar-notes.md.
grammar Fjord;

@lexer::members {
public:
  /// Remembers the last real token so that the INDEX_LBRACKET predicate can look at it.
  std::unique_ptr<antlr4::Token> nextToken() override {
    std::unique_ptr<antlr4::Token> token = antlr4::Lexer::nextToken();
    hasLast_ = true;
    lastType_ = token->getType();
    lastStop_ = token->getStopIndex();
    return token;
  }

private:
  /// True when the `[` about to be lexed directly follows (no whitespace) a name, `)`,
  /// `]` or a projection `.0`: then it indexes.
  bool isIndexPosition() const {
    if (!hasLast_ || lastStop_ + 1 != tokenStartCharIndex)
      return false;
    return lastType_ == ID || lastType_ == RPAREN || lastType_ == RBRACKET ||
           lastType_ == DOT_NUM;
  }
  bool hasLast_ = false;
  size_t lastType_ = 0;
  size_t lastStop_ = 0;
}

// ---------------------------------------------------------------------------------------
// Declarations

program : decl* EOF ;

/// A single expression (parseExpression).
expressionOnly : exp EOF ;

decl : attribute* declBody ;

declBody
  : (DEF | LET | ENTRY) bindName typeParam* atomPattern* (COLON typeExp)? EQ exp # valueDecl
  | TYPE (HAT | TILDE)? ID typeParam* EQ typeExp                                # typeDecl
  | IMPORT STRINGLIT                                                             # importDecl
  | OPEN (IMPORT STRINGLIT | modExp)                                              # openDecl
  | LOCAL decl                                                                   # localDecl
  | MODULE TYPE ID EQ sigExp                                                     # moduleTypeDecl
  | MODULE ID moduleParam* (COLON sigExp)? EQ modExp                             # moduleDecl
  | INCLUDE modExp                                                               # includeDecl
  ;

/// A defined name: `f` or a parenthesised operator `(+^)`.
bindName : ID | LPAREN operatorName RPAREN ;

/// Size parameter `[n]`, type parameters `'a`, `'^a` (lifted), `'~a` (size-lifted).
typeParam
  : (LBRACKET | INDEX_LBRACKET) ID RBRACKET # sizeParam
  | (TICK | TICK_HAT | TICK_TILDE) ID        # typeVarParam
  ;

// ---------------------------------------------------------------------------------------
// The module language

/// A functor's parameter `(P: S)`.
moduleParam : LPAREN ID COLON sigExp RPAREN ;

/// A module expression; juxtaposition applies a functor (`F M`, `F (M)`, `F {...}`).
modExp : modAtom+ (COLON sigExp)? ;

modAtom
  : qualName                        # namedMod
  | LBRACE decl* RBRACE             # structMod
  | LPAREN modExp RPAREN            # parenMod
  | IMPORT STRINGLIT                # importMod
  | BACKSLASH moduleParam+ (COLON sigExp)? ARROW modExp # lambdaMod
  ;

/// A module type: a name, a signature `{ specs }`, refined by `with`; `(P: S) -> R` or
/// `S -> R` is the type of a functor.
sigExp
  : LPAREN ID COLON sigExp RPAREN ARROW sigExp  # functorSig
  | sigWith (ARROW sigExp)?                     # plainSig
  ;
sigWith : sigAtom (WITH qualName typeParam* EQ typeExp)* ;
sigAtom
  : qualName                        # namedSig
  | LBRACE spec* RBRACE             # specsSig
  | LPAREN sigExp RPAREN            # parenSig
  ;

/// A specification; `val` is not a keyword (it is a common field name).
spec
  : {_input->LT(1)->getText() == "val"}? ID (bindName | operatorName) typeParam* COLON typeExp # valSpec
  | TYPE (HAT | TILDE)? ID typeParam* (EQ typeExp)?                          # typeSpec
  | MODULE ID COLON sigExp                                                   # moduleSpec
  | INCLUDE sigExp                                                           # includeSpec
  | attribute spec                                                           # attrSpec
  ;

attribute : HASH_LBRACKET attrItem (COMMA attrItem)* RBRACKET ;
attrItem : ID (LPAREN (attrItem (COMMA attrItem)*)? RPAREN)? | INTLIT | STRINGLIT ;

qualName : ID (DOT ID)* ;

// ---------------------------------------------------------------------------------------
// Expressions, loosest first: ascription, ranges, the operator chain, operands.

exp : opExp expTail ;

/// What may follow the operator chain of an expression: a range, then ascriptions.
expTail : rangeTail? ascription* ;

/// Futhark's `a...b`, `a..<b`, `a..>b` and their strided forms `a..b...c`, `a..b..<c`,
/// `a..b..>c`; also Fjord's older `a..b` and `a..b..c` (inclusive, as `...`).
rangeTail
  : DOTDOT second=opExp (rangeOp upper=opExp)?
  | (DOTDOTLT | DOTDOTGT | DOTDOTDOT) upper=opExp
  ;
rangeOp : DOTDOT | DOTDOTLT | DOTDOTGT | DOTDOTDOT ;

/// `e : t` and `e :> t`.
ascription : (COLON | COLONGT) typeExp ;

/// A flat chain of binary operators; precedence is resolved in C++.
opExp : operand (infixOp operand)* ;

infixOp : binop | WITH updateTarget EQ ;

/// `a with [i, j:k] = v` or `r with x.y = v`.
updateTarget
  : (LBRACKET | INDEX_LBRACKET) dimIndices RBRACKET
  | ID (DOT ID | DOT_NUM)*
  ;

/// A binary operator: a symbol, a function name in backticks, or a symbol qualified by a
/// numeric namespace (`a i32.+ b`). The qualified form needs three tokens of lookahead to
/// tell from an application followed by field access (`f r.x`): `ID DOT` then a symbol.
binop : operatorName | BACKTICK qualName BACKTICK | qualOperator ;

/// `i32.+`: a built-in operator at the type of a numeric namespace.
qualOperator : ID DOT operatorName ;

/// A symbolic operator. MINUS and friends are separate tokens because they also have
/// other jobs (negation, uniqueness, `for i < n`, sum types, `type^`).
operatorName : OP | MINUS | STAR | LT | PIPE | HAT ;

operand : openExp | prefixExp ;

/// Forms that extend as far to the right as possible.
openExp : ifExp | letExp | loopExp | matchExp | lambdaExp | attrExp ;

ifExp : IF exp THEN exp ELSE exp ;

/// `let` may be chained without `in` when the body is another `let`. A chain is one rule
/// (a loop, not a recursion), so a long flat chain does not nest in the parse tree.
letExp : LET letBinding (IN? LET letBinding)* IN exp ;

/// `let r.x.y = v` is `let r = r with x.y = v`; a local function may have type parameters.
letBinding
  : ID INDEX_LBRACKET dimIndices RBRACKET EQ exp       # letWith
  | ID (DOT ID | DOT_NUM)+ EQ exp                       # letField
  | ID typeParam* atomPattern+ (COLON typeExp)? EQ exp  # letFun
  | letSizeParam* pattern EQ exp                        # letPattern
  ;

/// `let [m] (ys: [m]t) = e`: m names a size of the bound value.
letSizeParam : (LBRACKET | INDEX_LBRACKET) ID RBRACKET ;

loopExp : LOOP pattern (EQ exp)? loopForm DO exp ;

loopForm
  : FOR ID LT exp          # forLoop
  | FOR pattern IN exp     # forInLoop
  | WHILE exp              # whileLoop
  ;

matchExp : MATCH exp matchCase+ ;
matchCase : CASE pattern ARROW exp ;

lambdaExp : BACKSLASH atomPattern+ (COLON typeNoFun)? ARROW exp ;

attrExp : attribute+ exp ;

/// Prefix `-` and `!` bind tighter than any binary operator.
prefixExp : (MINUS | BANG) prefixExp | applyExp ;

/// Application by juxtaposition; `assert c e` takes exactly two arguments.
applyExp : ASSERT postfixExp postfixExp | postfixExp+ ;

postfixExp : atom postfix* ;

postfix
  : INDEX_LBRACKET dimIndices RBRACKET # indexPostfix
  | DOT ID                             # fieldPostfix
  | DOT_NUM                            # projPostfix
  | DOT LPAREN exp RPAREN              # openPostfix
  ;

atom
  : INTLIT                                                           # intAtom
  | FLOATLIT                                                         # floatAtom
  | CHARLIT                                                          # charAtom
  | STRINGLIT                                                        # stringAtom
  | (TRUE | FALSE)                                                   # boolAtom
  | ID                                                               # varAtom
  | CONSTRUCTOR                                                      # constrAtom
  | HOLE                                                             # holeAtom
  | LPAREN RPAREN                                                    # unitAtom
  | LPAREN MINUS RPAREN                                              # minusSection
  | LPAREN sectionOp exp? RPAREN                                     # opSection
  | LPAREN qualOperator exp? RPAREN                                 # qualOpSection
  | LPAREN (DOT ID | DOT_NUM)+ RPAREN                                # fieldSection
  | LPAREN DOT (LBRACKET | INDEX_LBRACKET) dimIndices RBRACKET RPAREN # indexSection
  | LPAREN opExp (leftSectionOp=binop | expTail (COMMA exp)* COMMA?) RPAREN # parenAtom
  | LBRACKET (exp (COMMA exp)* COMMA?)? RBRACKET                    # arrayAtom
  | LBRACE (recordField (COMMA recordField)* COMMA?)? RBRACE         # recordAtom
  ;

/// An operator that may start a section; `(- x)` is a negation, so MINUS is left out.
/// A qualified `(i32.- x)` is a right section: only the bare `-` negates.
sectionOp : OP | STAR | LT | PIPE | HAT | BACKTICK qualName BACKTICK ;

recordField : ID (EQ exp)? ;

/// Indices and slices, or Fjord's LMAD slice `o + {(n1 : s1), ..., (nk : sk)}` (thesis §3.3)
/// over an array's flat elements, where `o +` may be left out. The offset is parsed as the
/// one index before the operator, which must be `+` (both checked when building the AST).
dimIndices
  : lmadDims
  | dimIndex (COMMA dimIndex)* (plus=OP lmadDims)?
  ;
lmadDims : LBRACE lmadDim (COMMA lmadDim)* RBRACE ;
lmadDim : LPAREN size=opExp COLON stride=opExp RPAREN ;

/// `i`, or a slice `i:j:s` where every part may be left out.
dimIndex : idx=opExp sliceTail? | sliceTail ;
sliceTail : COLON sliceEnd=opExp? (COLON sliceStride=opExp?)? ;

// ---------------------------------------------------------------------------------------
// Types

typeExp
  : QUESTION existDim+ DOT typeExp                    # existentialType
  | LPAREN ID COLON typeExp RPAREN ARROW typeExp     # namedFunType
  | typeNoFun (ARROW typeExp)?                        # plainType
  ;
existDim : (LBRACKET | INDEX_LBRACKET) ID RBRACKET ;

typeNoFun : sumCase (PIPE sumCase)* | typeApp ;

sumCase : CONSTRUCTOR typeAtom* ;

typeApp
  : STAR typeApp             # uniqueType
  | dim typeApp              # arrayType
  | qualName typeArg*        # namedType
  | typeParens               # parenType
  ;

/// An argument of a type abbreviation: a size `[n]` or a type. As in Futhark, `[` after the
/// name starts a size argument, so an array type argument needs parentheses: `opt ([n]i32)`.
typeArg
  : dim                      # sizeTypeArg
  | typeAtom                 # typeTypeArg
  ;

typeAtom
  : typeParens               # parenTypeAtom
  | {_input->LT(1)->getText() != "val"}? qualName # nameTypeAtom
  | dim typeAtom             # arrayTypeAtom
  ;

typeParens
  : LPAREN (typeExp (COMMA typeExp)* COMMA?)? RPAREN         # tupleType
  | LBRACE (fieldType (COMMA fieldType)* COMMA?)? RBRACE     # recordType
  ;
fieldType : ID COLON typeExp ;

/// `[n]`, `[3]`, `[]`; other size expressions parse but are not supported yet.
dim : (LBRACKET | INDEX_LBRACKET) opExp? RBRACKET ;

// ---------------------------------------------------------------------------------------
// Patterns

pattern : patternNoAsc (COLON typeExp)? ;

patternNoAsc : CONSTRUCTOR atomPattern* | atomPattern ;

/// `(<=)` binds an operator (used infix in its scope); `#[attr] p` keeps the attribute.
atomPattern
  : ID                                                        # idPattern
  | LPAREN operatorName RPAREN                                # opPattern
  | attribute atomPattern                                     # attrPattern
  | literalPattern                                            # litPattern
  | LPAREN RPAREN                                             # unitPattern
  | LPAREN pattern (COMMA pattern)* COMMA? RPAREN             # tuplePattern
  | LBRACE (fieldPattern (COMMA fieldPattern)* COMMA?)? RBRACE # recordPattern
  ;

literalPattern : MINUS? (INTLIT | FLOATLIT) | CHARLIT | TRUE | FALSE ;

fieldPattern : ID (EQ pattern)? ;

// ---------------------------------------------------------------------------------------
// Lexer. Keywords come before ID, and fixed operator tokens before OP: of two matches of
// equal length the earlier rule wins.

DEF : 'def' ;
ENTRY : 'entry' ;
LET : 'let' ;
IN : 'in' ;
IF : 'if' ;
THEN : 'then' ;
ELSE : 'else' ;
LOOP : 'loop' ;
FOR : 'for' ;
WHILE : 'while' ;
DO : 'do' ;
MATCH : 'match' ;
CASE : 'case' ;
TYPE : 'type' ;
LOCAL : 'local' ;
OPEN : 'open' ;
IMPORT : 'import' ;
MODULE : 'module' ;
INCLUDE : 'include' ;
WITH : 'with' ;
ASSERT : 'assert' ;
TRUE : 'true' ;
FALSE : 'false' ;

LPAREN : '(' ;
RPAREN : ')' ;
LBRACE : '{' ;
RBRACE : '}' ;
// The predicate comes after the '[' so that it is evaluated only there: a predicate at the
// start of a rule keeps the lexer from caching its start state, which made every token slow.
INDEX_LBRACKET : '[' {isIndexPosition()}? ;
LBRACKET : '[' ;
RBRACKET : ']' ;
HASH_LBRACKET : '#[' ;
COMMA : ',' ;
COLONGT : ':>' ;
COLON : ':' ;
DOTDOTDOT : '...' ;
DOTDOTLT : '..<' ;
DOTDOTGT : '..>' ;
DOTDOT : '..' ;
DOT_NUM : '.' [0-9]+ ;
DOT : '.' ;
BACKSLASH : '\\' ;
BACKTICK : '`' ;
HOLE : '???' ;
QUESTION : '?' ;
TILDE : '~' ;

FLOATLIT
  : HEX '.' HEXDIGIT [0-9a-fA-F_]* [pP] [+-]? [0-9]+ FLOAT_SUFFIX?
  | DEC '.' [0-9] [0-9_]* EXPONENT? FLOAT_SUFFIX?
  | DEC EXPONENT FLOAT_SUFFIX?
  | DEC FLOAT_SUFFIX
  ;
INTLIT : (DEC | HEX | BIN) INT_SUFFIX? ;
/// A number run into letters (`1i7`, `0b12`, `1.5f3`): reported as invalid.
BADNUM : [0-9] [a-zA-Z0-9_]* ('.' [0-9] [a-zA-Z0-9_]*)? ;

CHARLIT : '\'' (ESCAPE | ~['\\\r\n]) '\'' ;
STRINGLIT : '"' (ESCAPE | ~["\\\r\n])* '"' ;
UNTERMINATED_STRING : '"' (ESCAPE | ~["\\\r\n])* ;

TICK_HAT : '\'^' ;
TICK_TILDE : '\'~' ;
TICK : '\'' ;

CONSTRUCTOR : '#' [a-zA-Z_] [a-zA-Z0-9_']* ;
ID : [a-zA-Z_] [a-zA-Z0-9_']* ;

/// Line comments, doc comments `-- |` included; before OP so that `--` is never an operator.
LINE_COMMENT : '--' ~[\r\n]* -> skip ;

EQ : '=' ;
ARROW : '->' ;
MINUS : '-' ;
STAR : '*' ;
LT : '<' ;
PIPE : '|' ;
HAT : '^' ;
BANG : '!' ;
/// As in Futhark, an operator may contain dots after its first character (`+.`, `*.^`).
OP : OPCHAR (OPCHAR | '.')* ;

WS : [ \t\r\n\f]+ -> skip ;

/// Any other character; the parser reports it as a stray character.
ERRCHAR : . ;

fragment DEC : [0-9] [0-9_]* ;
fragment HEX : '0' [xX] [0-9a-fA-F] [0-9a-fA-F_]* ;
fragment BIN : '0' [bB] [01] [01_]* ;
fragment INT_SUFFIX : [iu] ('8' | '16' | '32' | '64') ;
fragment FLOAT_SUFFIX : 'f' ('16' | '32' | '64') ;
fragment EXPONENT : [eE] [+-]? [0-9]+ ;
fragment ESCAPE
  : '\\' ( 'x' HEXDIGIT HEXDIGIT
         | 'u' HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT
         | 'U' HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT
         | ~[xuU\r\n] )
  ;
fragment HEXDIGIT : [0-9a-fA-F] ;
fragment OPCHAR : [+\-*/%=!><|&^] ;
