-- Rodinia's backprop, written from its algorithm: one training step of a network with one
-- hidden layer and one output unit. The forward pass squashes (logistic function) the
-- weighted sums of the inputs into the hidden units and of those into the output; the
-- backward pass computes the output's error against the target and the hidden units' errors
-- through the output weights, and moves every weight by the learning rate times its unit's
-- error times its input (Rodinia's momentum term is zero in its first step). Rodinia's
-- default: 65536 inputs, 16 hidden units.
-- ==
-- random input { [40]f32 [40][16]f32 [16]f32 0.5f32 } auto output
-- compiled random input { [65536]f32 [65536][16]f32 [16]f32 0.5f32 }

def eta : f32 = 0.3

def squash (x: f32) : f32 = 1 / (1 + f32.exp (-x))

entry main [n][h] (input: [n]f32) (w_hidden: [n][h]f32) (w_output: [h]f32) (target: f32)
    : ([n][h]f32, [h]f32) =
  let hidden = map (\column -> squash (f32.sum (map2 (*) input column))) (transpose w_hidden)
  let output = squash (f32.sum (map2 (*) hidden w_output))
  let output_delta = output * (1 - output) * (target - output)
  let hidden_delta = map2 (\y w -> y * (1 - y) * output_delta * w) hidden w_output
  let w_output' = map2 (\w y -> w + eta * output_delta * y) w_output hidden
  let w_hidden' = map2 (\x row -> map2 (\w d -> w + eta * d * x) row hidden_delta) input w_hidden
  in (w_hidden', w_output')
