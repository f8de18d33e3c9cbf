// Unit tests of the parser on expressions: precedence and associativity by leading
// characters, application vs indexing, sections, literals, and every expression form.
#include "syntax_test_util.h"

#include <doctest/doctest.h>

using fjord::syntax_test::expr;

TEST_CASE("syntax: arithmetic precedence and associativity") {
  CHECK(expr("a+b*c") == "(+ a (* b c))");
  CHECK(expr("a*b+c") == "(+ (* a b) c)");
  CHECK(expr("a-b-c") == "(- (- a b) c)");
  CHECK(expr("a ** b ** c") == "(** (** a b) c)");
  CHECK(expr("a // b %% c ** d") == "(%% (// a b) (** c d))");
  CHECK(expr("a << 2 + 1") == "(<< a (+ 2 1))");
  CHECK(expr("a & b == c") == "(== (& a b) c)");
  CHECK(expr("a == b && c < d || e") == "(|| (&& (== a b) (< c d)) e)");
  CHECK(expr("a >>> b | c ^ d") == "(^ (| (>>> a b) c) d)");
}

TEST_CASE("syntax: pipes associate left and right") {
  CHECK(expr("x |> f |> g") == "(|> (|> x f) g)");
  CHECK(expr("f <| g <| x") == "(<| f (<| g x))");
  CHECK(expr("x |> f <| y") == "(|> x (<| f y))");
  CHECK(expr("f >-> g <-< h") == "(<-< (>-> f g) h)");
}

TEST_CASE("syntax: user-defined operators bind like their leading characters") {
  CHECK(expr("a +^ b * c") == "(+^ a (* b c))");
  CHECK(expr("a *^ b + c") == "(+ (*^ a b) c)");
  CHECK(expr("a ==> b && c") == "(&& (==> a b) c)");
  CHECK(expr("a |>> b + c") == "(|>> a (+ b c))");
  CHECK(expr("a <|> b <|> c") == "(<|> a (<|> b c))");
  CHECK(expr("a `max` b * c") == "(max a (* b c))");
  CHECK(expr("a `f32.max` b") == "(f32.max a b)");
}

TEST_CASE("syntax: operators qualified by a namespace, infix and in sections") {
  // `a i32.+ b` is `(i32.+) a b`, with the precedence of the operator's own name.
  CHECK(expr("1 i32.+ 2 i32.* 3") == "(apply (section i32.+ _ _) 1 (apply (section i32.* _ _) 2 3))");
  CHECK(expr("a f32.* b + c") == "(+ (apply (section f32.* _ _) a b) c)");
  CHECK(expr("a i32.- b i32.- c") ==
        "(apply (section i32.- _ _) (apply (section i32.- _ _) a b) c)");
  CHECK(expr("a i32.< b && c") == "(&& (apply (section i32.< _ _) a b) c)");
  CHECK(expr("x |> f i32.+ 1") == "(|> x (apply (section i32.+ _ _) f 1))");
  CHECK(expr("(i32.+)") == "(section i32.+ _ _)");
  CHECK(expr("(x i32.+)") == "(section i32.+ x _)");
  // Right sections; unlike `(- x)`, a qualified `(i32.- x)` is a section, not a negation.
  CHECK(expr("(i32.* 2)") == "(section i32.* _ 2)");
  CHECK(expr("(i32.- 2)") == "(section i32.- _ 2)");
  CHECK(expr("(2 i32.-)") == "(section i32.- 2 _)");
  CHECK(expr("(f32.< f x)") == "(section f32.< _ (apply f x))");
  CHECK(expr("(u8.<< 1 + n)") == "(section u8.<< _ (+ 1 n))");
  // Field access and projection next to them keep their meaning.
  CHECK(expr("r.x i32.+ t.0") == "(apply (section i32.+ _ _) (. r x) (. t 0))");
  CHECK(expr("f r.x i32.* 2") == "(apply (section i32.* _ _) (apply f (. r x)) 2)");
  CHECK(expr("f32.sqrt x f32.+ 1") == "(apply (section f32.+ _ _) (apply f32.sqrt x) 1)");
}

TEST_CASE("syntax: prefix operators bind tighter than any binary operator") {
  CHECK(expr("-x ** 2") == "(** (neg x) 2)");
  CHECK(expr("!a && b") == "(&& (not a) b)");
  CHECK(expr("-f x") == "(neg (apply f x))");
  CHECK(expr("a * -b") == "(* a (neg b))");
  // Without a space `f -1` is a subtraction, as in Futhark.
  CHECK(expr("f -1") == "(- f 1)");
  CHECK(expr("(i32.lowest, -1)") == "(tuple i32.lowest (neg 1))");
}

TEST_CASE("syntax: application by juxtaposition vs indexing") {
  CHECK(expr("f [1,2]") == "(apply f (array 1 2))");
  CHECK(expr("f[1]") == "(index f [1])");
  CHECK(expr("f (x)[1]") == "(apply f (index x [1]))");
  CHECK(expr("f (x) [1]") == "(apply f x (array 1))");
  CHECK(expr("x[1][2]") == "(index (index x [1]) [2])");
  CHECK(expr("a[i,j]") == "(index a [i, j])");
  CHECK(expr("a[i:j:s]") == "(index a [i:j:s])");
  CHECK(expr("a[:,0]") == "(index a [:, 0])");
  CHECK(expr("a[1:]") == "(index a [1:])");
  CHECK(expr("a[::2]") == "(index a [::2])");
  CHECK(expr("f x.y z") == "(apply f (. x y) z)");
  CHECK(expr("map (\\x -> x) xs") == "(apply map (lambda (x) x) xs)");
}

TEST_CASE("syntax: field access, projection and qualified names") {
  CHECK(expr("t.0.1") == "(. (. t 0) 1)");
  CHECK(expr("r.x.y") == "(. (. r x) y)");
  CHECK(expr("xs[i].0") == "(. (index xs [i]) 0)");
  CHECK(expr("(f x).y") == "(. (apply f x) y)");
  CHECK(expr("f32.sqrt 2.0") == "(apply f32.sqrt 2.0)");
  CHECK(expr("i32.lowest") == "i32.lowest");
  CHECK(expr("t.0[1]") == "(index (. t 0) [1])");
}

TEST_CASE("syntax: sections") {
  CHECK(expr("(+)") == "(section + _ _)");
  CHECK(expr("(+1)") == "(section + _ 1)");
  CHECK(expr("(1+)") == "(section + 1 _)");
  CHECK(expr("(-)") == "(section - _ _)");
  CHECK(expr("(x -)") == "(section - x _)");
  CHECK(expr("(-x)") == "(neg x)");
  CHECK(expr("(- x + 1)") == "(+ (neg x) 1)");
  CHECK(expr("(`max` 1)") == "(section max _ 1)");
  CHECK(expr("(1 `max`)") == "(section max 1 _)");
  CHECK(expr("(.x)") == "(field-section x)");
  CHECK(expr("(.x.y)") == "(field-section x.y)");
  CHECK(expr("(.0)") == "(field-section 0)");
  CHECK(expr("(.[i])") == "(index-section [i])");
  CHECK(expr("(.[i, 1:])") == "(index-section [i, 1:])");
}

TEST_CASE("syntax: tuples, records, arrays and ranges") {
  CHECK(expr("()") == "(tuple)");
  CHECK(expr("(1, 2,)") == "(tuple 1 2)");
  CHECK(expr("[1, 2,]") == "(array 1 2)");
  CHECK(expr("[[1], [2]]") == "(array (array 1) (array 2))");
  CHECK(expr("{x = 1, y}") == "(record (x 1) y)");
  CHECK(expr("{}") == "(record)");
  CHECK(expr("a..<b") == "(range a ..< b)");
  CHECK(expr("a..b") == "(range a .. b)");
  CHECK(expr("a..>b") == "(range a ..> b)");
  CHECK(expr("a..b..c") == "(range a b .. c)");
  CHECK(expr("0..2..<n+1") == "(range 0 2 ..< (+ n 1))");
  CHECK(expr("1..5") == "(range 1 .. 5)");
}

TEST_CASE("syntax: let forms") {
  CHECK(expr("let x = 1 in x + 1") == "(let x 1 (+ x 1))");
  CHECK(expr("let x = 1 let y = 2 in x + y") == "(let x 1 (let y 2 (+ x y)))");
  CHECK(expr("let f x y = x + y in f 1 2") == "(letfun f (x y) (+ x y) (apply f 1 2))");
  CHECK(expr("let f (x: i32) : i32 = x in f") == "(letfun f ((x : i32)) : i32 x f)");
  CHECK(expr("let x[i] = v in x") == "(letwith x [i] v x)");
  CHECK(expr("let x[i:j] = v in x") == "(letwith x [i:j] v x)");
  CHECK(expr("let (a, b) = p in a") == "(let (a, b) p a)");
  CHECK(expr("let {x, y = z} = r in x") == "(let {x = x, y = z} r x)");
  CHECK(expr("let x: i32 = 5 in x") == "(let (x : i32) 5 x)");
  CHECK(expr("let _ = 1 in 2") == "(let _ 1 2)");
}

TEST_CASE("syntax: updates with `with`") {
  CHECK(expr("a with [i] = v") == "(update a [i] v)");
  CHECK(expr("a with [i:j] = b") == "(update a [i:j] b)");
  CHECK(expr("r with f = v") == "(update r f v)");
  CHECK(expr("r with x.y = v + 1") == "(update r x.y (+ v 1))");
  CHECK(expr("a with [0] = 1 with [1] = 2") == "(update (update a [0] 1) [1] 2)");
}

TEST_CASE("syntax: if, match and loops") {
  CHECK(expr("if a then b else c + 1") == "(if a b (+ c 1))");
  CHECK(expr("1 + if a then b else c") == "(+ 1 (if a b c))");
  CHECK(expr("match x case 1 -> a case #some y -> y case (1, _) -> b case {x} -> c "
             "case -2 -> d case 'a' -> f case _ -> e") ==
        "(match x (case 1 a) (case (#some y) y) (case (1, _) b) (case {x = x} c) "
        "(case -2 d) (case 'a' f) (case _ e))");
  CHECK(expr("loop acc = 0 for i < n do acc + i") == "(loop acc 0 (for i < n) (+ acc i))");
  CHECK(expr("loop (a, b) = (0, 1) for x in xs do (b, a + x)") ==
        "(loop (a, b) (tuple 0 1) (for x in xs) (tuple b (+ a x)))");
  CHECK(expr("loop x while x < 10 do x * 2") == "(loop x _ (while (< x 10)) (* x 2))");
  CHECK(expr("loop x for i < 10 do x") == "(loop x _ (for i < 10) x)");
}

TEST_CASE("syntax: lambdas, ascription, assert, constructors, attributes") {
  CHECK(expr("\\x y : i32 -> x + y") == "(lambda (x y) : i32 (+ x y))");
  CHECK(expr("\\(a, i) (b, j) -> a") == "(lambda ((a, i) (b, j)) a)");
  CHECK(expr("x : i32") == "(: x i32)");
  CHECK(expr("xs :> [n]i32") == "(:> xs [n]i32)");
  CHECK(expr("(1 : i32, 2)") == "(tuple (: 1 i32) 2)");
  CHECK(expr("assert (x > 0) y") == "(assert (> x 0) y)");
  CHECK(expr("#some 1 2") == "(#some 1 2)");
  CHECK(expr("#none") == "#none");
  CHECK(expr("f #none x") == "(apply f #none x)");
  CHECK(expr("#[unroll] loop x = 0 for i < 3 do x") ==
        "(attr #[unroll] (loop x 0 (for i < 3) x))");
  CHECK(expr("#[trace(foo)] f x") == "(attr #[trace(foo)] (apply f x))");
}

TEST_CASE("syntax: comments are skipped") {
  CHECK(expr("a -- the first\n + b -- | a doc comment\n") == "(+ a b)");
}
