// Issue 30 hostile shape: a generic spirv.Switch with three case values and one case successor.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f(%arg0: i32) "None" {
    "spirv.Switch"(%arg0)[^bb1, ^bb2] {case_values = [1 : i32, 2 : i32, 3 : i32]} : (i32) -> ()
  ^bb1:
    spirv.Return
  ^bb2:
    spirv.Return
  }
}
