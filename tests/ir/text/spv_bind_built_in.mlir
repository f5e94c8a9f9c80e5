// A variable with a binding and a builtin: MLIR 19 prints both keywords, in this order.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @both bind(0, 1) built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @bind_only bind(2, 3) : !spirv.ptr<f32, Uniform>
  spirv.GlobalVariable @built_in_only built_in("NumWorkgroups") {foo} : !spirv.ptr<vector<3xi32>, Input>
}
