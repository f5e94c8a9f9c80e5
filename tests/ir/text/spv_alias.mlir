// The old `spv.` prefix is read as `spirv.` for operations, types and attributes (dialect
// aliases); custom forms come from the spirv dialect's hooks.
spv.module Logical GLSL450 requires #spv.vce<v1.0, [Shader], []> {
  spv.GlobalVariable @v : !spv.ptr<f32, Private>
  spv.func @f(%a: i32) -> i32 "None" {
    %0 = "spv.IAdd"(%a, %a) : (i32, i32) -> i32
    %1 = spv.IMul %0, %a : i32
    spv.ReturnValue %1 : i32
  }
}
