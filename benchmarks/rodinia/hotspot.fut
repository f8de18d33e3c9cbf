-- Rodinia's hotspot, written from its algorithm: the temperature of a chip's grid of cells
-- over time steps, each cell moving towards its neighbours' temperatures, heated by its
-- power and cooled towards the ambient temperature (borders clamped). The constants play
-- the roles of Rodinia's capacitance and resistances. Rodinia's default: 1024 x 1024, 360
-- steps; here 100 steps.
-- ==
-- random input { [16][24]f32 [16][24]f32 } auto output
-- compiled random input { [1024][1024]f32 [1024][1024]f32 }

def ambient : f32 = 80
def step_over_capacitance : f32 = 0.05
def rx : f32 = 0.5
def ry : f32 = 0.5
def rz : f32 = 0.01

entry main [n][m] (temp: [n][m]f32) (power: [n][m]f32) : [n][m]f32 =
  loop t = temp for _step < 100 do
    tabulate_2d n m (\i j ->
      let c = t[i, j]
      let north = t[i64.max 0 (i - 1), j]
      let south = t[i64.min (n - 1) (i + 1), j]
      let west = t[i, i64.max 0 (j - 1)]
      let east = t[i, i64.min (m - 1) (j + 1)]
      in c + step_over_capacitance
               * (power[i, j] + (north + south - 2 * c) * ry + (east + west - 2 * c) * rx
                  + (ambient - c) * rz))
