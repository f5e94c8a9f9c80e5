// Issue 30 hostile shape: a dense constant of 4294967295 elements.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f() "None" {
    %0 = spirv.Constant dense<0.0> : !spirv.array<4294967295 x f32>
    spirv.Return
  }
}
