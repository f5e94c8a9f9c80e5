// Inputs of forms.mlir: mlir-opt-19 --split-input-file forms_input.mlir prints forms.mlir's body.
spirv.module @named Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage], []> attributes {foo = 1 : i32} {
  spirv.GlobalVariable @g0 bind(1, 2) {zattr} : !spirv.ptr<f32, Uniform>
  spirv.GlobalVariable @g1 built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
  spirv.GlobalVariable @g2 initializer(@g0) : !spirv.ptr<f32, Private>
  spirv.SpecConstant @sc1 = 1 : i32
  spirv.SpecConstant @sc2 spec_id(5) = 2.5 : f32
  spirv.SpecConstant @sc3 = true
  spirv.SpecConstantComposite @scc (@sc1, @sc1) : vector<2xi32>
  spirv.func @f(%a: i32, %b: f32 {spirv.decoration = #spirv.decoration<Restrict>}) -> i32 "Inline|Pure" attributes {foo} {
    %0 = spirv.IAdd %a, %a : i32
    spirv.ReturnValue %0 : i32
  }
  spirv.func @decl(i32) -> () "None" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "decl", linkage_type = <Import>>}
  spirv.func @main() "None" {
    %c = spirv.Constant 3 : i32
    %v = spirv.Variable init(%c) : !spirv.ptr<i32, Function>
    %v2 = spirv.Variable {aliased} : !spirv.ptr<i32, Function>
    %l = spirv.Load "Function" %v ["Volatile"] : i32
    %l2 = spirv.Load "Function" %v ["Aligned", 4] {foo} : i32
    %l3 = spirv.Load "Function" %v ["Volatile|Aligned", 8] : i32
    spirv.Store "Function" %v, %l ["Aligned", 4] : i32
    spirv.Store "Function" %v, %l : i32
    spirv.CopyMemory "Function" %v, "Function" %v2 ["Volatile"], ["Aligned", 4] : i32
    spirv.CopyMemory "Function" %v, "Function" %v2 : i32
    %fl = spirv.Constant 1.0 : f32
    %r = spirv.FunctionCall @f(%l, %fl) : (i32, f32) -> i32
    spirv.FunctionCall @decl(%r) : (i32) -> ()
    %ad = spirv.mlir.addressof @g0 : !spirv.ptr<f32, Uniform>
    %rf = spirv.mlir.referenceof @sc1 : i32
    %t = spirv.Constant true
    %vc = spirv.Constant dense<[1, 2]> : vector<2xi32>
    %vs = spirv.Constant dense<1> : vector<2xi32>
    %ar = spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>
    %x = spirv.CompositeExtract %vc[1 : i32] : vector<2xi32>
    %y = spirv.CompositeInsert %x, %vc[0 : i32] : i32 into vector<2xi32>
    %z = spirv.CompositeConstruct %x, %x : (i32, i32) -> vector<2xi32>
    %s = spirv.Select %t, %x, %x : i1, i32
    %u = spirv.Undef : f32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @main, @g1
  spirv.EntryPoint "Kernel" @f
  spirv.ExecutionMode @main "ContractionOff"
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, Float16, Int16], []> {
  spirv.GlobalVariable @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @main(%a: i32, %b: i32, %f: f32, %g: f32, %vf: vector<3xf32>, %c: i1, %vb: vector<3xi1>, %vi: vector<3xi32>, %si: si32, %ui: ui32, %i16: i16) "None" {
    %0 = spirv.IAdd %a, %b : i32
    %1 = spirv.FAdd %f, %g {foo} : f32
    %2 = spirv.IEqual %a, %b : i32
    %3 = spirv.FOrdLessThan %vf, %vf : vector<3xf32>
    %4 = spirv.LogicalAnd %c, %c : i1
    %5 = spirv.LogicalNot %vb : vector<3xi1>
    %6 = spirv.Not %a : i32
    %7 = spirv.SNegate %a : i32
    %8 = spirv.FNegate %f : f32
    %9 = spirv.ConvertFToS %f : f32 to i32
    %10 = spirv.ConvertSToF %a : i32 to f32
    %11 = spirv.FConvert %f : f32 to f16
    %12 = spirv.SConvert %a : i32 to i16
    %13 = spirv.UConvert %i16 : i16 to i32
    %14 = spirv.Bitcast %f : f32 to i32
    %15 = spirv.ShiftLeftLogical %a, %i16 : i32, i16
    %16 = spirv.BitCount %a : i32
    %17 = spirv.BitFieldInsert %a, %b, %a, %a : i32, i32, i32
    %18 = spirv.BitFieldUExtract %a, %a, %a : i32, i32, i32
    %19 = spirv.IsNan %f : f32
    %20 = spirv.Ordered %f, %g : f32
    %21 = spirv.Dot %vf, %vf : vector<3xf32> -> f32
    %22 = spirv.VectorTimesScalar %vf, %f : (vector<3xf32>, f32) -> vector<3xf32>
    %23 = spirv.GL.Sqrt %f : f32
    %24 = spirv.GL.Pow %f, %g : f32
    %25 = spirv.GL.FClamp %f, %g, %f : f32
    %26 = spirv.GL.Fma %f, %g, %f : f32
    %27 = spirv.GL.FMix %f : f32, %g : f32, %f : f32 -> f32
    %28 = spirv.GL.Ldexp %f : f32, %a : i32 -> f32
    %29 = spirv.GL.FrexpStruct %f : f32 -> !spirv.struct<(f32, i32)>
    %30 = spirv.GL.SClamp %a, %b, %a : i32
    %31 = spirv.GL.UClamp %a, %b, %a : i32
    %32 = spirv.GL.FindUMsb %a : i32
    %33 = spirv.IAddCarry %a, %b : !spirv.struct<(i32, i32)>
    %34 = spirv.SMulExtended %a, %b : !spirv.struct<(i32, i32)>
    %35 = spirv.VectorExtractDynamic %vf[%a] : vector<3xf32>, i32
    %36 = spirv.VectorInsertDynamic %f, %vf[%a] : vector<3xf32>, i32
    %37 = spirv.VectorShuffle [0 : i32, 2 : i32] %vf, %vf : vector<3xf32>, vector<3xf32> -> vector<2xf32>
    %38 = spirv.GroupNonUniformElect <Subgroup> : i1
    %39 = spirv.GroupNonUniformIAdd "Subgroup" "Reduce" %a : i32
    %z4 = spirv.Constant 4 : i32
    %40 = spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %a cluster_size(%z4) : i32
    %41 = spirv.GroupNonUniformBallot <Subgroup> %c : vector<4xi32>
    %42 = spirv.GroupNonUniformBroadcast <Subgroup> %f, %z4 : f32, i32
    %43 = spirv.GroupNonUniformShuffle <Subgroup> %f, %a : f32, i32
    %44 = spirv.GroupNonUniformFMax "Workgroup" "InclusiveScan" %f : f32
    %ad = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %z = spirv.Constant 0 : i32
    %p = spirv.AccessChain %ad[%z, %a] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %45 = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %p, %a : !spirv.ptr<i32, StorageBuffer>
    %46 = spirv.AtomicCompareExchange <Device> <AcquireRelease> <Acquire> %p, %a, %b : !spirv.ptr<i32, StorageBuffer>
    %47 = spirv.AtomicIIncrement <Device> <Release> %p : !spirv.ptr<i32, StorageBuffer>
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.MemoryBarrier <Device>, <SequentiallyConsistent|ImageMemory>
    %50 = spirv.Select %vb, %vf, %vf : vector<3xi1>, vector<3xf32>
    %51 = spirv.UMod %ui, %ui : ui32
    %52 = spirv.GL.SAbs %si : si32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @main(%c: i1, %a: i32) -> i32 "None" {
    spirv.mlir.selection control(Flatten) {
      spirv.BranchConditional %c [3, 5], ^bb1, ^bb2
    ^bb1:
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^bb1(%a : i32), ^bb2(%a, %a : i32, i32)
    ^bb1(%x: i32):
      spirv.Branch ^bb3
    ^bb2(%y: i32, %z: i32):
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    spirv.mlir.loop control(Unroll) {
      spirv.Branch ^bb1(%a : i32)
    ^bb1(%i: i32):
      spirv.BranchConditional %c, ^bb2, ^bb3
    ^bb2:
      spirv.Branch ^bb1(%i : i32)
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Branch ^exit
  ^exit:
    spirv.ReturnValue %a : i32
  }
  spirv.func @k() "None" {
    spirv.Return
  ^bb1:
    spirv.Unreachable
  }
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage, GroupNonUniformArithmetic], []> {
  spirv.func @f(%p: !spirv.ptr<f32, CrossWorkgroup>, %i: i64, %a: i32, %x: f32) -> i32 "None" {
    %0 = spirv.PtrAccessChain %p[%i] : !spirv.ptr<f32, CrossWorkgroup>, i64
    %1 = spirv.InBoundsPtrAccessChain %p[%i] : !spirv.ptr<f32, CrossWorkgroup>, i64
    %2 = spirv.IAddCarry {bar} %a, %a : !spirv.struct<(i32, i32)>
    %3 = spirv.GroupNonUniformFAdd "Workgroup" "Reduce" %x : f32
    spirv.ReturnValue %a : i32
  }
}
spirv.module Logical GLSL450 {
}
spirv.module Logical GLSL450 {
  spirv.func @e() "None" {
    spirv.Return
  }
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage], []> {
  spirv.func @f(%p: !spirv.ptr<!spirv.array<4 x f32>, CrossWorkgroup>, %i: i64, %j: i32) "None" {
    %0 = spirv.PtrAccessChain %p[%i, %j] : !spirv.ptr<!spirv.array<4 x f32>, CrossWorkgroup>, i64, i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Float16, Int64, Float64, CooperativeMatrixKHR, DotProduct, DotProductInput4x8BitPacked, GroupNonUniformBallot, Groups, VulkanMemoryModel, Int8], [SPV_KHR_cooperative_matrix]> {
  spirv.func @f(%f: f32, %g: f32, %h: f32, %vf: vector<4xf32>, %i: i32, %j: i32, %k: i32, %vi: vector<4xi32>, %d: f64, %b: i1, %m: !spirv.matrix<4 x vector<4xf32>>, %p: !spirv.ptr<i32, StorageBuffer>, %cm: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>, %ca: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, %cb: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB>, %pf: !spirv.ptr<f32, StorageBuffer>, %i8: vector<4xi8>, %u: i32) "None" {
    %0 = spirv.GL.Acos %f : f32
    %1 = spirv.GL.Asin %vf : vector<4xf32>
    %2 = spirv.GL.Atan %f : f32
    %3 = spirv.GL.Ceil %d : f64
    %4 = spirv.GL.Cos %f : f32
    %5 = spirv.GL.Cosh %f : f32
    %6 = spirv.GL.Exp %f : f32 {foo}
    %7 = spirv.GL.FAbs %f : f32
    %8 = spirv.GL.FMax %f, %g : f32
    %9 = spirv.GL.FMin %f, %g : f32
    %10 = spirv.GL.FSign %f : f32
    %11 = spirv.GL.Floor %f : f32
    %12 = spirv.GL.InverseSqrt %f : f32
    %13 = spirv.GL.Log %f : f32
    %14 = spirv.GL.RoundEven %f : f32
    %15 = spirv.GL.Round %f : f32
    %16 = spirv.GL.SMax %i, %j : i32
    %17 = spirv.GL.SMin %i, %j : i32
    %18 = spirv.GL.SSign %i : i32
    %19 = spirv.GL.Sin %f : f32
    %20 = spirv.GL.Sinh %f : f32
    %21 = spirv.GL.Tan %f : f32
    %22 = spirv.GL.Tanh %f : f32
    %23 = spirv.GL.UMax %i, %j : i32
    %24 = spirv.GL.UMin %i, %j : i32
    %25 = spirv.GL.FClamp %f, %g, %h {foo} : f32
    %26 = spirv.GL.Fma %vf, %vf, %vf : vector<4xf32>
    %27 = spirv.BitReverse %i : i32
    %28 = spirv.BitFieldSExtract %i, %j, %k : i32, i32, i32
    %29 = spirv.ShiftRightArithmetic %vi, %vi : vector<4xi32>, vector<4xi32>
    %30 = spirv.ShiftRightLogical %i, %j : i32, i32
    %31 = spirv.IsInf %vf : vector<4xf32>
    %32 = spirv.Unordered %f, %g : f32
    %33 = spirv.FUnordNotEqual %f, %g : f32
    %34 = spirv.LogicalEqual %b, %b : i1
    %35 = spirv.LogicalNotEqual %b, %b : i1
    %36 = spirv.LogicalOr %b, %b : i1
    %37 = spirv.UGreaterThanEqual %i, %j : i32
    %38 = spirv.ConvertFToU %f : f32 to i32
    %39 = spirv.ConvertUToF %i : i32 to f32
    %40 = spirv.MatrixTimesScalar %m, %f : !spirv.matrix<4 x vector<4xf32>>, f32
    %41 = spirv.Transpose %m : !spirv.matrix<4 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
    %42 = spirv.MatrixTimesMatrix %m, %m : !spirv.matrix<4 x vector<4xf32>>, !spirv.matrix<4 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
    %43 = spirv.AtomicExchange <Device> <UniformMemory> %p, %i : !spirv.ptr<i32, StorageBuffer>
    %44 = spirv.AtomicISub <Workgroup> <AcquireRelease> %p, %i : !spirv.ptr<i32, StorageBuffer>
    %45 = spirv.AtomicUMax <Device> <Acquire|MakeVisible> %p, %i : !spirv.ptr<i32, StorageBuffer>
    %46 = spirv.GroupNonUniformShuffleXor <Subgroup> %f, %i : f32, i32
    %47 = spirv.GroupNonUniformShuffleUp <Subgroup> %f, %i : f32, i32
    %48 = spirv.GroupIAdd <Workgroup> <Reduce> %i : i32
    %49 = spirv.GroupBroadcast <Workgroup> %f, %i : f32, i32
    %50 = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
    %51 = spirv.KHR.CooperativeMatrixLoad %pf, %i, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
    %52 = spirv.KHR.CooperativeMatrixLoad %pf, %i, <ColumnMajor>, <Volatile> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
    spirv.KHR.CooperativeMatrixStore %pf, %cm, %i, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>, i32
    %53 = spirv.KHR.CooperativeMatrixMulAdd %ca, %cb, %cm : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB> -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
    %54 = spirv.FAdd %cm, %cm : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
    %55 = spirv.SDot %i, %i, <PackedVectorFormat4x8Bit> : i32 -> i32
    %56 = spirv.UDotAccSat %i8, %i8, %u : vector<4xi8> -> i32
    %57 = spirv.FMod %f, %g : f32
    %58 = spirv.FRem %f, %g : f32
    %59 = spirv.UMulExtended %i, %j : !spirv.struct<(i32, i32)>
    %60 = spirv.ISubBorrow %i, %j : !spirv.struct<(i32, i32)>
    %61 = spirv.KHR.SubgroupBallot %b : vector<4xi32>
    spirv.KHR.AssumeTrue %b
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%x: f32, %v: vector<4xf32>, %p: !spirv.ptr<f32, Function>, %c: i1) "None" {
    %3 = "spirv.GroupNonUniformFAdd"(%x) <{execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>}> {foo} : (f32) -> f32
    %4 = "spirv.Load"(%p) {foo, memory_access = #spirv.memory_access<None>} : (!spirv.ptr<f32, Function>) -> f32
    %5 = "spirv.CompositeExtract"(%v) {foo, indices = [1 : i32]} : (vector<4xf32>) -> f32
    %6 = "spirv.Variable"() {foo, storage_class = #spirv.storage_class<Function>} : () -> !spirv.ptr<f32, Function>
    %7 = "spirv.Constant"() {foo, value = 1.0 : f32} : () -> f32
    "spirv.mlir.selection"() ({
      "spirv.Branch"()[^m] : () -> ()
    ^m:
      "spirv.mlir.merge"() : () -> ()
    }) {foo, selection_control = #spirv.selection_control<None>} : () -> ()
    "spirv.mlir.loop"() ({
    }) {foo, loop_control = #spirv.loop_control<None>} : () -> ()
    "spirv.Branch"()[^bb1] {foo} : () -> ()
  ^bb1:
    "spirv.BranchConditional"(%c)[^bb2, ^bb2] {foo, operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
  ^bb2:
    "spirv.Return"() {foo} : () -> ()
  }
  "spirv.EntryPoint"() {foo, execution_model = #spirv.execution_model<GLCompute>, fn = @f, interface = []} : () -> ()
  "spirv.ExecutionMode"() {foo, execution_mode = #spirv.execution_mode<LocalSize>, fn = @f, values = [1 : i32, 1 : i32, 1 : i32]} : () -> ()
  "spirv.SpecConstant"() {foo, sym_name = "s", default_value = 1 : i32} : () -> ()
  "spirv.SpecConstantComposite"() {foo, sym_name = "sc", type = vector<2xi32>, constituents = [@s, @s]} : () -> ()
}

// -----

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @"a b(c;" : !spirv.ptr<f32, Private>
  spirv.SpecConstant @sc = 3 : i32
  spirv.func @main() "None" {
    %0 = spirv.Constant -1 : i32
    %1 = spirv.Constant -1 : si32
    %2 = spirv.Constant 4294967295 : ui32
    %3 = spirv.Constant false
    %4 = spirv.Constant dense<false> : vector<2xi1>
    %5 = spirv.Constant dense<1.0> : vector<2xf16>
    %7 = spirv.mlir.addressof @"a b(c;" : !spirv.ptr<f32, Private>
    %8 = spirv.mlir.referenceof @sc : i32
    %9 = spirv.Constant -7 : i64
    %10 = spirv.Constant 0x7FC00000 : f32
    %11 = spirv.Constant dense<[[1.0, 2.0]]> : tensor<1x2xf32> : !spirv.array<1 x !spirv.array<2 x f32>>
    spirv.Return
  }
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage, Float64, Int8], []> {
  spirv.GlobalVariable @fmt : !spirv.ptr<!spirv.array<4 x i8>, UniformConstant>
  spirv.func @cl(%x: f32, %y: f32, %z: f32, %v: vector<4xf32>, %i: i32, %j: i32, %p: !spirv.ptr<i8, UniformConstant>, %q: !spirv.ptr<f32, CrossWorkgroup>, %g: !spirv.ptr<f32, Generic>, %l: i64) "None" {
    %0 = spirv.CL.acos %x : f32
    %1 = spirv.CL.acosh %x : f32
    %2 = spirv.CL.asin %x : f32
    %3 = spirv.CL.asinh %x : f32
    %4 = spirv.CL.atan %x : f32
    %5 = spirv.CL.atan2 %x, %y : f32
    %6 = spirv.CL.atanh %x : f32
    %7 = spirv.CL.ceil %v : vector<4xf32>
    %8 = spirv.CL.cos %x : f32
    %9 = spirv.CL.cosh %x : f32
    %10 = spirv.CL.erf %x : f32
    %11 = spirv.CL.exp %x : f32
    %12 = spirv.CL.fabs %x : f32
    %13 = spirv.CL.floor %x : f32
    %14 = spirv.CL.fma %x, %y, %z : f32
    %15 = spirv.CL.fmax %x, %y : f32
    %16 = spirv.CL.fmin %x, %y : f32
    %17 = spirv.CL.log %x : f32
    %18 = spirv.CL.mix %x, %y, %z : f32
    %19 = spirv.CL.pow %x, %y : f32
    %20 = spirv.CL.rint %x : f32
    %21 = spirv.CL.round %x : f32
    %22 = spirv.CL.rsqrt %x : f32
    %23 = spirv.CL.s_abs %i : i32
    %24 = spirv.CL.s_max %i, %j : i32
    %25 = spirv.CL.s_min %i, %j : i32
    %26 = spirv.CL.sin %x : f32
    %27 = spirv.CL.sinh %x : f32
    %28 = spirv.CL.sqrt %x : f32
    %29 = spirv.CL.tan %x : f32
    %30 = spirv.CL.tanh %x : f32
    %31 = spirv.CL.u_max %i, %j : i32
    %32 = spirv.CL.u_min %i, %j : i32
    %33 = spirv.CL.printf %p, %i, %x : (!spirv.ptr<i8, UniformConstant>, (i32, f32)) -> i32
    %34 = spirv.ConvertPtrToU %q : !spirv.ptr<f32, CrossWorkgroup> to i64
    %35 = spirv.ConvertUToPtr %l : i64 to !spirv.ptr<f32, CrossWorkgroup>
    %36 = spirv.PtrCastToGeneric %q : !spirv.ptr<f32, CrossWorkgroup> to !spirv.ptr<f32, Generic>
    %37 = spirv.GenericCastToPtr %g : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
    %39 = spirv.EXT.AtomicFAdd <Device> <CrossWorkgroupMemory> %q, %x : !spirv.ptr<f32, CrossWorkgroup>
    spirv.Return
  }
  spirv.func @ext(f32 {spirv.decoration = #spirv.decoration<Restrict>}) -> f32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "ext", linkage_type = <Import>>}
  spirv.EntryPoint "Kernel" @cl
  spirv.ExecutionMode @cl "ContractionOff"
}

// -----

spirv.module @named Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64], []> attributes {foo.note = "x"} {
  spirv.GlobalVariable @in {location = 0 : i32} : !spirv.ptr<vector<4xf32>, Input>
  spirv.GlobalVariable @flatv {flat, location = 3 : i32} : !spirv.ptr<i32, Input>
  spirv.GlobalVariable @ubo bind(2, 5) {non_writable} : !spirv.ptr<!spirv.struct<(f32 [0], vector<4xf32> [16])>, Uniform>
  spirv.GlobalVariable @wg : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  spirv.SpecConstant @c1 spec_id(0) = 16 : i32
  spirv.SpecConstant @c2 = false
  spirv.SpecConstant @c3 spec_id(2) = -1.5 : f32
  spirv.SpecConstantComposite @cc (@c1, @c1, @c1) : !spirv.array<3 x i32>
  spirv.GlobalVariable @priv initializer(@c1) : !spirv.ptr<i32, Private>
  spirv.func @main() "None" {
    %c = spirv.mlir.referenceof @cc : !spirv.array<3 x i32>
    %t = spirv.Constant true
    %f = spirv.Constant false
    %h = spirv.Constant 1.0 : f16
    %big = spirv.Constant -9223372036854775808 : i64
    %nan = spirv.Constant 0x7FC00000 : f32
    %inf = spirv.Constant 0xFF800000 : f32
    %bv = spirv.Constant dense<[true, false]> : vector<2xi1>
    %fa = spirv.Constant [[1.0 : f32, 2.0 : f32], [3.0 : f32, 4.0 : f32]] : !spirv.array<2 x !spirv.array<2 x f32>>
    %v = spirv.Constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
    %s = spirv.VectorShuffle [3 : i32, 2 : i32, 1 : i32, 0 : i32] %v, %v : vector<4xf32>, vector<4xf32> -> vector<4xf32>
    %e = spirv.CompositeExtract %fa[1 : i32, 0 : i32] : !spirv.array<2 x !spirv.array<2 x f32>>
    %i = spirv.CompositeInsert %e, %fa[0 : i32, 1 : i32] : f32 into !spirv.array<2 x !spirv.array<2 x f32>>
    %u = spirv.Undef : !spirv.struct<(i32, f32)>
    %w = spirv.mlir.addressof @wg : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
    %z = spirv.Constant 0 : i32
    %el = spirv.AccessChain %w[%z] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32
    %ld = spirv.Load "Workgroup" %el ["Volatile|Nontemporal"] : f32
    spirv.Store "Workgroup" %el, %ld ["Nontemporal"] : f32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %dot = spirv.Dot %v, %v : vector<4xf32> -> f32
    %sel = spirv.Select %t, %dot, %ld : i1, f32
    %cv = spirv.CompositeConstruct %sel, %sel, %sel, %sel : (f32, f32, f32, f32) -> vector<4xf32>
    %vx = spirv.VectorExtractDynamic %cv[%z] : vector<4xf32>, i32
    %vi = spirv.VectorInsertDynamic %vx, %cv[%z] : vector<4xf32>, i32
    %bc = spirv.Bitcast %vi : vector<4xf32> to vector<2xi64>
    spirv.Return
  }
  spirv.EntryPoint "Fragment" @main, @in, @flatv
  spirv.ExecutionMode @main "OriginUpperLeft"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ImageQuery, SampledBuffer], []> {
  spirv.func @img(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %im: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>) "None" {
    %0 = spirv.Image %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    %1 = spirv.ImageQuerySize %im : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8> -> vector<2xi32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @loops(%n: i32, %c: i1) -> i32 "DontInline" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %var = spirv.Variable init(%zero) : !spirv.ptr<i32, Function>
    spirv.mlir.loop control(DontUnroll) {
      spirv.Branch ^header(%zero : i32)
    ^header(%k: i32):
      %cmp = spirv.SLessThan %k, %n : i32
      spirv.BranchConditional %cmp [10, 1], ^body, ^merge
    ^body:
      spirv.mlir.selection control(DontFlatten) {
        spirv.BranchConditional %c, ^then(%k, %one : i32, i32), ^end
      ^then(%a: i32, %b: i32):
        %s = spirv.IAdd %a, %b : i32
        spirv.Store "Function" %var, %s : i32
        spirv.Branch ^end
      ^end:
        spirv.mlir.merge
      }
      %next = spirv.IAdd %k, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %var : i32
    spirv.ReturnValue %r : i32
  }
  spirv.func @empty_loop() "Inline" {
    spirv.mlir.loop {
    }
    spirv.mlir.selection {
    }
    spirv.Return
  }
  spirv.func @kill() "None" {
    spirv.Return
  ^dead:
    spirv.Unreachable
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @gather(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<4xf32>, %d: f32) "None" {
    %0 = spirv.ImageDrefGather %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c : vector<4xf32>, %d : f32 -> vector<4xf32>
    %1 = spirv.ImageDrefGather %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c : vector<4xf32>, %d : f32 ["NonPrivateTexel"] -> vector<4xf32>
    spirv.Return
  }
}
