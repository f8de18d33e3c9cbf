-- Two `[]` are two sizes, even within one parameter: the rows of `a` and of its transpose
-- may differ. The notes point at each anonymous size.
-- ==
-- error: fut:6:40: error: size mismatch in call of `map2`: size `n` is `a_len` \(from the second argument, `a`\) but `a_len2` here \(from the third argument\)[\s\S]*fut:6:11: note: `a_len` is the anonymous size `\[\]` of parameter `a` of `f`[\s\S]*fut:6:13: note: `a_len2` is the anonymous size `\[\]` of parameter `a` of `f`

def f (a: [][]i32) = map2 (map2 (+)) a (transpose a)
