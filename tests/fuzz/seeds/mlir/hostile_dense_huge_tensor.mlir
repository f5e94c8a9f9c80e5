// Issue 30 hostile shape: a splat of 4294967295 elements (valid IR) that a serializer must not expand.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f() "None" {
    %0 = spirv.Constant dense<1.0> : tensor<4294967295xf32> : !spirv.array<4294967295 x f32>
    %1 = spirv.Variable : !spirv.ptr<!spirv.array<4294967295 x f32>, Function>
    spirv.Store "Function" %1, %0 : !spirv.array<4294967295 x f32>
    spirv.Return
  }
}
