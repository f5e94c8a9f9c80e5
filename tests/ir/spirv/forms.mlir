// Custom assembly forms of the spirv dialect as MLIR 19 prints them: this file is the output of
// `mlir-opt-19 --split-input-file` over hand-written inputs (one module per section),
// kept verbatim. tests/ir/test_spirv_forms.c parses each section, verifies it, prints it in custom
// form and compares with the section (value names aside:
// spvkit's printer numbers values), prints the generic form and parses that back to the same text.
// Regenerate: mlir-opt-19 --split-input-file forms_input.mlir, below this header.
module {
  spirv.module @named Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage], []> attributes {foo = 1 : i32} {
    spirv.GlobalVariable @g0 bind(1, 2) {zattr} : !spirv.ptr<f32, Uniform>
    spirv.GlobalVariable @g1 built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
    spirv.GlobalVariable @g2 initializer(@g0) : !spirv.ptr<f32, Private>
    spirv.SpecConstant @sc1 = 1 : i32
    spirv.SpecConstant @sc2 spec_id(5) = 2.500000e+00 : f32
    spirv.SpecConstant @sc3 = true
    spirv.SpecConstantComposite @scc (@sc1, @sc1) : vector<2xi32>
    spirv.func @f(%arg0: i32, %arg1: f32 {spirv.decoration = #spirv.decoration<Restrict>}) -> i32 "Inline|Pure" attributes {foo} {
      %0 = spirv.IAdd %arg0, %arg0 : i32
      spirv.ReturnValue %0 : i32
    }
    spirv.func @decl(i32) "None" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "decl", linkage_type = <Import>>}
    spirv.func @main() "None" {
      %cst3_i32 = spirv.Constant 3 : i32
      %0 = spirv.Variable init(%cst3_i32) : !spirv.ptr<i32, Function>
      %1 = spirv.Variable {aliased} : !spirv.ptr<i32, Function>
      %2 = spirv.Load "Function" %0 ["Volatile"] : i32
      %3 = spirv.Load "Function" %0 ["Aligned", 4] {foo} : i32
      %4 = spirv.Load "Function" %0 ["Volatile|Aligned", 8] : i32
      spirv.Store "Function" %0, %2 ["Aligned", 4] : i32
      spirv.Store "Function" %0, %2 : i32
      spirv.CopyMemory  "Function" %0,  "Function" %1 ["Volatile"],  ["Aligned", 4] : i32
      spirv.CopyMemory  "Function" %0,  "Function" %1,  : i32
      %cst_f32 = spirv.Constant 1.000000e+00 : f32
      %5 = spirv.FunctionCall @f(%2, %cst_f32) : (i32, f32) -> i32
      spirv.FunctionCall @decl(%5) : (i32) -> ()
      %g0_addr = spirv.mlir.addressof @g0 : !spirv.ptr<f32, Uniform>
      %6 = spirv.mlir.referenceof @sc1 : i32
      %true = spirv.Constant true
      %cst_vec_2xi32 = spirv.Constant dense<[1, 2]> : vector<2xi32>
      %cst_vec_2xi32_0 = spirv.Constant dense<1> : vector<2xi32>
      %cst = spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>
      %7 = spirv.CompositeExtract %cst_vec_2xi32[1 : i32] : vector<2xi32>
      %8 = spirv.CompositeInsert %7, %cst_vec_2xi32[0 : i32] : i32 into vector<2xi32>
      %9 = spirv.CompositeConstruct %7, %7 : (i32, i32) -> vector<2xi32>
      %10 = spirv.Select %true, %7, %7 : i1, i32
      %11 = spirv.Undef : f32
      spirv.Return
    }
    spirv.EntryPoint "Kernel" @main, @g1
    spirv.EntryPoint "Kernel" @f
    spirv.ExecutionMode @main "ContractionOff"
    spirv.ExecutionMode @main "LocalSize", 64, 1, 1
  }
}

// -----
module {
  spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, Float16, Int16], []> {
    spirv.GlobalVariable @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    spirv.func @main(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: vector<3xf32>, %arg5: i1, %arg6: vector<3xi1>, %arg7: vector<3xi32>, %arg8: si32, %arg9: ui32, %arg10: i16) "None" {
      %0 = spirv.IAdd %arg0, %arg1 : i32
      %1 = spirv.FAdd %arg2, %arg3 {foo} : f32
      %2 = spirv.IEqual %arg0, %arg1 : i32
      %3 = spirv.FOrdLessThan %arg4, %arg4 : vector<3xf32>
      %4 = spirv.LogicalAnd %arg5, %arg5 : i1
      %5 = spirv.LogicalNot %arg6 : vector<3xi1>
      %6 = spirv.Not %arg0 : i32
      %7 = spirv.SNegate %arg0 : i32
      %8 = spirv.FNegate %arg2 : f32
      %9 = spirv.ConvertFToS %arg2 : f32 to i32
      %10 = spirv.ConvertSToF %arg0 : i32 to f32
      %11 = spirv.FConvert %arg2 : f32 to f16
      %12 = spirv.SConvert %arg0 : i32 to i16
      %13 = spirv.UConvert %arg10 : i16 to i32
      %14 = spirv.Bitcast %arg2 : f32 to i32
      %15 = spirv.ShiftLeftLogical %arg0, %arg10 : i32, i16
      %16 = spirv.BitCount %arg0 : i32
      %17 = spirv.BitFieldInsert %arg0, %arg1, %arg0, %arg0 : i32, i32, i32
      %18 = spirv.BitFieldUExtract %arg0, %arg0, %arg0 : i32, i32, i32
      %19 = spirv.IsNan %arg2 : f32
      %20 = spirv.Ordered %arg2, %arg3 : f32
      %21 = spirv.Dot %arg4, %arg4 : vector<3xf32> -> f32
      %22 = spirv.VectorTimesScalar %arg4, %arg2 : (vector<3xf32>, f32) -> vector<3xf32>
      %23 = spirv.GL.Sqrt %arg2 : f32
      %24 = spirv.GL.Pow %arg2, %arg3 : f32
      %25 = spirv.GL.FClamp %arg2, %arg3, %arg2 : f32
      %26 = spirv.GL.Fma %arg2, %arg3, %arg2 : f32
      %27 = spirv.GL.FMix %arg2 : f32, %arg3 : f32, %arg2 : f32 -> f32
      %28 = spirv.GL.Ldexp %arg2 : f32, %arg0 : i32 -> f32
      %29 = spirv.GL.FrexpStruct %arg2 : f32 -> !spirv.struct<(f32, i32)>
      %30 = spirv.GL.SClamp %arg0, %arg1, %arg0 : i32
      %31 = spirv.GL.UClamp %arg0, %arg1, %arg0 : i32
      %32 = spirv.GL.FindUMsb %arg0 : i32
      %33 = spirv.IAddCarry %arg0, %arg1 : !spirv.struct<(i32, i32)>
      %34 = spirv.SMulExtended %arg0, %arg1 : !spirv.struct<(i32, i32)>
      %35 = spirv.VectorExtractDynamic %arg4[%arg0] : vector<3xf32>, i32
      %36 = spirv.VectorInsertDynamic %arg2, %arg4[%arg0] : vector<3xf32>, i32
      %37 = spirv.VectorShuffle [0 : i32, 2 : i32] %arg4, %arg4 : vector<3xf32>, vector<3xf32> -> vector<2xf32>
      %38 = spirv.GroupNonUniformElect <Subgroup> : i1
      %39 = spirv.GroupNonUniformIAdd "Subgroup" "Reduce" %arg0 : i32
      %cst4_i32 = spirv.Constant 4 : i32
      %40 = spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %arg0 cluster_size(%cst4_i32) : i32
      %41 = spirv.GroupNonUniformBallot <Subgroup> %arg5 : vector<4xi32>
      %42 = spirv.GroupNonUniformBroadcast <Subgroup> %arg2, %cst4_i32 : f32, i32
      %43 = spirv.GroupNonUniformShuffle <Subgroup> %arg2, %arg0 : f32, i32
      %44 = spirv.GroupNonUniformFMax "Workgroup" "InclusiveScan" %arg2 : f32
      %buf_addr = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
      %cst0_i32 = spirv.Constant 0 : i32
      %45 = spirv.AccessChain %buf_addr[%cst0_i32, %arg0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
      %46 = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %45, %arg0 : !spirv.ptr<i32, StorageBuffer>
      %47 = spirv.AtomicCompareExchange <Device> <AcquireRelease> <Acquire> %45, %arg0, %arg1 : !spirv.ptr<i32, StorageBuffer>
      %48 = spirv.AtomicIIncrement <Device> <Release> %45 : !spirv.ptr<i32, StorageBuffer>
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      spirv.MemoryBarrier <Device>, <SequentiallyConsistent|ImageMemory>
      %49 = spirv.Select %arg6, %arg4, %arg4 : vector<3xi1>, vector<3xf32>
      %50 = spirv.UMod %arg9, %arg9 : ui32
      %51 = spirv.GL.SAbs %arg8 : si32
      spirv.Return
    }
  }
}

// -----
module {
  spirv.module Logical GLSL450 {
    spirv.func @main(%arg0: i1, %arg1: i32) -> i32 "None" {
      spirv.mlir.selection control(Flatten) {
        spirv.BranchConditional %arg0 [3, 5], ^bb1, ^bb2
      ^bb1:  // pred: ^bb0
        spirv.Branch ^bb2
      ^bb2:  // 2 preds: ^bb0, ^bb1
        spirv.mlir.merge
      }
      spirv.mlir.selection {
        spirv.BranchConditional %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1, %arg1 : i32, i32)
      ^bb1(%0: i32):  // pred: ^bb0
        spirv.Branch ^bb3
      ^bb2(%1: i32, %2: i32):  // pred: ^bb0
        spirv.Branch ^bb3
      ^bb3:  // 2 preds: ^bb1, ^bb2
        spirv.mlir.merge
      }
      spirv.mlir.loop control(Unroll) {
        spirv.Branch ^bb1(%arg1 : i32)
      ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
        spirv.BranchConditional %arg0, ^bb2, ^bb3
      ^bb2:  // pred: ^bb1
        spirv.Branch ^bb1(%0 : i32)
      ^bb3:  // pred: ^bb1
        spirv.mlir.merge
      }
      spirv.Branch ^bb1
    ^bb1:  // pred: ^bb0
      spirv.ReturnValue %arg1 : i32
    }
    spirv.func @k() "None" {
      spirv.Return
    ^bb1:  // no predecessors
      spirv.Unreachable
    }
  }
}

// -----
module {
  spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage, GroupNonUniformArithmetic], []> {
    spirv.func @f(%arg0: !spirv.ptr<f32, CrossWorkgroup>, %arg1: i64, %arg2: i32, %arg3: f32) -> i32 "None" {
      %0 = spirv.PtrAccessChain %arg0[%arg1] : !spirv.ptr<f32, CrossWorkgroup>, i64
      %1 = spirv.InBoundsPtrAccessChain %arg0[%arg1] : !spirv.ptr<f32, CrossWorkgroup>, i64
      %2 = spirv.IAddCarry  {bar}%arg2, %arg2 : !spirv.struct<(i32, i32)>
      %3 = spirv.GroupNonUniformFAdd "Workgroup" "Reduce" %arg3 : f32
      spirv.ReturnValue %arg2 : i32
    }
  }
  spirv.module Logical GLSL450 {
  }
  spirv.module Logical GLSL450 {
    spirv.func @e() "None" {
      spirv.Return
    }
  }
}

// -----
module {
  spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage], []> {
    spirv.func @f(%arg0: !spirv.ptr<!spirv.array<4 x f32>, CrossWorkgroup>, %arg1: i64, %arg2: i32) "None" {
      %0 = spirv.PtrAccessChain %arg0[%arg1, %arg2] : !spirv.ptr<!spirv.array<4 x f32>, CrossWorkgroup>, i64, i32
      spirv.Return
    }
  }
}

// -----
module {
  spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Float16, Int64, Float64, CooperativeMatrixKHR, DotProduct, DotProductInput4x8BitPacked, GroupNonUniformBallot, Groups, VulkanMemoryModel, Int8], [SPV_KHR_cooperative_matrix]> {
    spirv.func @f(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: vector<4xf32>, %arg4: i32, %arg5: i32, %arg6: i32, %arg7: vector<4xi32>, %arg8: f64, %arg9: i1, %arg10: !spirv.matrix<4 x vector<4xf32>>, %arg11: !spirv.ptr<i32, StorageBuffer>, %arg12: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>, %arg13: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, %arg14: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB>, %arg15: !spirv.ptr<f32, StorageBuffer>, %arg16: vector<4xi8>, %arg17: i32) "None" {
      %0 = spirv.GL.Acos %arg0 : f32
      %1 = spirv.GL.Asin %arg3 : vector<4xf32>
      %2 = spirv.GL.Atan %arg0 : f32
      %3 = spirv.GL.Ceil %arg8 : f64
      %4 = spirv.GL.Cos %arg0 : f32
      %5 = spirv.GL.Cosh %arg0 : f32
      %6 = spirv.GL.Exp %arg0 : f32 {foo}
      %7 = spirv.GL.FAbs %arg0 : f32
      %8 = spirv.GL.FMax %arg0, %arg1 : f32
      %9 = spirv.GL.FMin %arg0, %arg1 : f32
      %10 = spirv.GL.FSign %arg0 : f32
      %11 = spirv.GL.Floor %arg0 : f32
      %12 = spirv.GL.InverseSqrt %arg0 : f32
      %13 = spirv.GL.Log %arg0 : f32
      %14 = spirv.GL.RoundEven %arg0 : f32
      %15 = spirv.GL.Round %arg0 : f32
      %16 = spirv.GL.SMax %arg4, %arg5 : i32
      %17 = spirv.GL.SMin %arg4, %arg5 : i32
      %18 = spirv.GL.SSign %arg4 : i32
      %19 = spirv.GL.Sin %arg0 : f32
      %20 = spirv.GL.Sinh %arg0 : f32
      %21 = spirv.GL.Tan %arg0 : f32
      %22 = spirv.GL.Tanh %arg0 : f32
      %23 = spirv.GL.UMax %arg4, %arg5 : i32
      %24 = spirv.GL.UMin %arg4, %arg5 : i32
      %25 = spirv.GL.FClamp %arg0, %arg1, %arg2 {foo} : f32
      %26 = spirv.GL.Fma %arg3, %arg3, %arg3 : vector<4xf32>
      %27 = spirv.BitReverse %arg4 : i32
      %28 = spirv.BitFieldSExtract %arg4, %arg5, %arg6 : i32, i32, i32
      %29 = spirv.ShiftRightArithmetic %arg7, %arg7 : vector<4xi32>, vector<4xi32>
      %30 = spirv.ShiftRightLogical %arg4, %arg5 : i32, i32
      %31 = spirv.IsInf %arg3 : vector<4xf32>
      %32 = spirv.Unordered %arg0, %arg1 : f32
      %33 = spirv.FUnordNotEqual %arg0, %arg1 : f32
      %34 = spirv.LogicalEqual %arg9, %arg9 : i1
      %35 = spirv.LogicalNotEqual %arg9, %arg9 : i1
      %36 = spirv.LogicalOr %arg9, %arg9 : i1
      %37 = spirv.UGreaterThanEqual %arg4, %arg5 : i32
      %38 = spirv.ConvertFToU %arg0 : f32 to i32
      %39 = spirv.ConvertUToF %arg4 : i32 to f32
      %40 = spirv.MatrixTimesScalar %arg10, %arg0 : !spirv.matrix<4 x vector<4xf32>>, f32
      %41 = spirv.Transpose %arg10 : !spirv.matrix<4 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
      %42 = spirv.MatrixTimesMatrix %arg10, %arg10 : !spirv.matrix<4 x vector<4xf32>>, !spirv.matrix<4 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
      %43 = spirv.AtomicExchange <Device> <UniformMemory> %arg11, %arg4 : !spirv.ptr<i32, StorageBuffer>
      %44 = spirv.AtomicISub <Workgroup> <AcquireRelease> %arg11, %arg4 : !spirv.ptr<i32, StorageBuffer>
      %45 = spirv.AtomicUMax <Device> <Acquire|MakeVisible> %arg11, %arg4 : !spirv.ptr<i32, StorageBuffer>
      %46 = spirv.GroupNonUniformShuffleXor <Subgroup> %arg0, %arg4 : f32, i32
      %47 = spirv.GroupNonUniformShuffleUp <Subgroup> %arg0, %arg4 : f32, i32
      %48 = spirv.GroupIAdd <Workgroup> <Reduce> %arg4 : i32
      %49 = spirv.GroupBroadcast <Workgroup> %arg0, %arg4 : f32, i32
      %50 = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
      %51 = spirv.KHR.CooperativeMatrixLoad %arg15, %arg4, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
      %52 = spirv.KHR.CooperativeMatrixLoad %arg15, %arg4, <ColumnMajor>, <Volatile> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
      spirv.KHR.CooperativeMatrixStore %arg15, %arg12, %arg4, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>, i32
      %53 = spirv.KHR.CooperativeMatrixMulAdd %arg13, %arg14, %arg12 : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB> -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
      %54 = spirv.FAdd %arg12, %arg12 : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>
      %55 = spirv.SDot %arg4, %arg4, <PackedVectorFormat4x8Bit> : i32 -> i32
      %56 = spirv.UDotAccSat %arg16, %arg16, %arg17 : vector<4xi8> -> i32
      %57 = spirv.FMod %arg0, %arg1 : f32
      %58 = spirv.FRem %arg0, %arg1 : f32
      %59 = spirv.UMulExtended %arg4, %arg5 : !spirv.struct<(i32, i32)>
      %60 = spirv.ISubBorrow %arg4, %arg5 : !spirv.struct<(i32, i32)>
      %61 = spirv.KHR.SubgroupBallot %arg9 : vector<4xi32>
      spirv.KHR.AssumeTrue %arg9
      spirv.Return
    }
  }
}

// -----
module {
  spirv.module Logical GLSL450 {
    spirv.func @f(%arg0: f32, %arg1: vector<4xf32>, %arg2: !spirv.ptr<f32, Function>, %arg3: i1) "None" {
      %0 = spirv.GroupNonUniformFAdd "Workgroup" "Reduce" %arg0 : f32
      %1 = spirv.Load "Function" %arg2 ["None"] {foo} : f32
      %2 = spirv.CompositeExtract %arg1[1 : i32] : vector<4xf32>
      %3 = spirv.Variable {foo} : !spirv.ptr<f32, Function>
      %cst_f32 = spirv.Constant 1.000000e+00 : f32
      spirv.mlir.selection {
        spirv.Branch ^bb1
      ^bb1:  // pred: ^bb0
        spirv.mlir.merge
      }
      spirv.mlir.loop {
      }
      spirv.Branch ^bb1 {foo}
    ^bb1:  // pred: ^bb0
      spirv.BranchConditional %arg3, ^bb2, ^bb2
    ^bb2:  // 2 preds: ^bb1, ^bb1
      spirv.Return {foo}
    }
    spirv.EntryPoint "GLCompute" @f
    spirv.ExecutionMode @f "LocalSize", 1, 1, 1
    spirv.SpecConstant @s = 1 : i32
    spirv.SpecConstantComposite @sc (@s, @s) : vector<2xi32>
  }
}

// -----
module {
  spirv.module Logical GLSL450 {
    spirv.GlobalVariable @"a b(c;" : !spirv.ptr<f32, Private>
    spirv.SpecConstant @sc = 3 : i32
    spirv.func @main() "None" {
      %cst-1_i32 = spirv.Constant -1 : i32
      %cst-1_si32 = spirv.Constant -1 : si32
      %cst4294967295_ui32 = spirv.Constant 4294967295 : ui32
      %false = spirv.Constant false
      %cst_vec_2xi1 = spirv.Constant dense<false> : vector<2xi1>
      %cst_vec_2xf16 = spirv.Constant dense<1.000000e+00> : vector<2xf16>
      %a_b28c3B_addr = spirv.mlir.addressof @"a b(c;" : !spirv.ptr<f32, Private>
      %0 = spirv.mlir.referenceof @sc : i32
      %cst-7_i64 = spirv.Constant -7 : i64
      %cst_f32 = spirv.Constant 0x7FC00000 : f32
      %cst = spirv.Constant dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32> : !spirv.array<1 x !spirv.array<2 x f32>>
      spirv.Return
    }
  }
}

// -----
module {
  spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64, Linkage, Float64, Int8], []> {
    spirv.GlobalVariable @fmt : !spirv.ptr<!spirv.array<4 x i8>, UniformConstant>
    spirv.func @cl(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: vector<4xf32>, %arg4: i32, %arg5: i32, %arg6: !spirv.ptr<i8, UniformConstant>, %arg7: !spirv.ptr<f32, CrossWorkgroup>, %arg8: !spirv.ptr<f32, Generic>, %arg9: i64) "None" {
      %0 = spirv.CL.acos %arg0 : f32
      %1 = spirv.CL.acosh %arg0 : f32
      %2 = spirv.CL.asin %arg0 : f32
      %3 = spirv.CL.asinh %arg0 : f32
      %4 = spirv.CL.atan %arg0 : f32
      %5 = spirv.CL.atan2 %arg0, %arg1 : f32
      %6 = spirv.CL.atanh %arg0 : f32
      %7 = spirv.CL.ceil %arg3 : vector<4xf32>
      %8 = spirv.CL.cos %arg0 : f32
      %9 = spirv.CL.cosh %arg0 : f32
      %10 = spirv.CL.erf %arg0 : f32
      %11 = spirv.CL.exp %arg0 : f32
      %12 = spirv.CL.fabs %arg0 : f32
      %13 = spirv.CL.floor %arg0 : f32
      %14 = spirv.CL.fma %arg0, %arg1, %arg2 : f32
      %15 = spirv.CL.fmax %arg0, %arg1 : f32
      %16 = spirv.CL.fmin %arg0, %arg1 : f32
      %17 = spirv.CL.log %arg0 : f32
      %18 = spirv.CL.mix %arg0, %arg1, %arg2 : f32
      %19 = spirv.CL.pow %arg0, %arg1 : f32
      %20 = spirv.CL.rint %arg0 : f32
      %21 = spirv.CL.round %arg0 : f32
      %22 = spirv.CL.rsqrt %arg0 : f32
      %23 = spirv.CL.s_abs %arg4 : i32
      %24 = spirv.CL.s_max %arg4, %arg5 : i32
      %25 = spirv.CL.s_min %arg4, %arg5 : i32
      %26 = spirv.CL.sin %arg0 : f32
      %27 = spirv.CL.sinh %arg0 : f32
      %28 = spirv.CL.sqrt %arg0 : f32
      %29 = spirv.CL.tan %arg0 : f32
      %30 = spirv.CL.tanh %arg0 : f32
      %31 = spirv.CL.u_max %arg4, %arg5 : i32
      %32 = spirv.CL.u_min %arg4, %arg5 : i32
      %33 = spirv.CL.printf %arg6, %arg4, %arg0 : (!spirv.ptr<i8, UniformConstant>, (i32, f32)) -> i32
      %34 = spirv.ConvertPtrToU %arg7 : !spirv.ptr<f32, CrossWorkgroup> to i64
      %35 = spirv.ConvertUToPtr %arg9 : i64 to !spirv.ptr<f32, CrossWorkgroup>
      %36 = spirv.PtrCastToGeneric %arg7 : !spirv.ptr<f32, CrossWorkgroup> to !spirv.ptr<f32, Generic>
      %37 = spirv.GenericCastToPtr %arg8 : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
      %38 = spirv.EXT.AtomicFAdd <Device> <CrossWorkgroupMemory> %arg7, %arg0 : !spirv.ptr<f32, CrossWorkgroup>
      spirv.Return
    }
    spirv.func @ext(f32 {spirv.decoration = #spirv.decoration<Restrict>}) -> f32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "ext", linkage_type = <Import>>}
    spirv.EntryPoint "Kernel" @cl
    spirv.ExecutionMode @cl "ContractionOff"
  }
}

// -----
module {
  spirv.module @named Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64], []> attributes {foo.note = "x"} {
    spirv.GlobalVariable @in {location = 0 : i32} : !spirv.ptr<vector<4xf32>, Input>
    spirv.GlobalVariable @flatv {flat, location = 3 : i32} : !spirv.ptr<i32, Input>
    spirv.GlobalVariable @ubo bind(2, 5) {non_writable} : !spirv.ptr<!spirv.struct<(f32 [0], vector<4xf32> [16])>, Uniform>
    spirv.GlobalVariable @wg : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
    spirv.SpecConstant @c1 spec_id(0) = 16 : i32
    spirv.SpecConstant @c2 = false
    spirv.SpecConstant @c3 spec_id(2) = -1.500000e+00 : f32
    spirv.SpecConstantComposite @cc (@c1, @c1, @c1) : !spirv.array<3 x i32>
    spirv.GlobalVariable @priv initializer(@c1) : !spirv.ptr<i32, Private>
    spirv.func @main() "None" {
      %0 = spirv.mlir.referenceof @cc : !spirv.array<3 x i32>
      %true = spirv.Constant true
      %false = spirv.Constant false
      %cst_f16 = spirv.Constant 1.000000e+00 : f16
      %cst-9223372036854775808_i64 = spirv.Constant -9223372036854775808 : i64
      %cst_f32 = spirv.Constant 0x7FC00000 : f32
      %cst_f32_0 = spirv.Constant 0xFF800000 : f32
      %cst_vec_2xi1 = spirv.Constant dense<[true, false]> : vector<2xi1>
      %cst = spirv.Constant [[1.000000e+00 : f32, 2.000000e+00 : f32], [3.000000e+00 : f32, 4.000000e+00 : f32]] : !spirv.array<2 x !spirv.array<2 x f32>>
      %cst_vec_4xf32 = spirv.Constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
      %1 = spirv.VectorShuffle [3 : i32, 2 : i32, 1 : i32, 0 : i32] %cst_vec_4xf32, %cst_vec_4xf32 : vector<4xf32>, vector<4xf32> -> vector<4xf32>
      %2 = spirv.CompositeExtract %cst[1 : i32, 0 : i32] : !spirv.array<2 x !spirv.array<2 x f32>>
      %3 = spirv.CompositeInsert %2, %cst[0 : i32, 1 : i32] : f32 into !spirv.array<2 x !spirv.array<2 x f32>>
      %4 = spirv.Undef : !spirv.struct<(i32, f32)>
      %wg_addr = spirv.mlir.addressof @wg : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
      %cst0_i32 = spirv.Constant 0 : i32
      %5 = spirv.AccessChain %wg_addr[%cst0_i32] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32
      %6 = spirv.Load "Workgroup" %5 ["Volatile|Nontemporal"] : f32
      spirv.Store "Workgroup" %5, %6 ["Nontemporal"] : f32
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      %7 = spirv.Dot %cst_vec_4xf32, %cst_vec_4xf32 : vector<4xf32> -> f32
      %8 = spirv.Select %true, %7, %6 : i1, f32
      %9 = spirv.CompositeConstruct %8, %8, %8, %8 : (f32, f32, f32, f32) -> vector<4xf32>
      %10 = spirv.VectorExtractDynamic %9[%cst0_i32] : vector<4xf32>, i32
      %11 = spirv.VectorInsertDynamic %10, %9[%cst0_i32] : vector<4xf32>, i32
      %12 = spirv.Bitcast %11 : vector<4xf32> to vector<2xi64>
      spirv.Return
    }
    spirv.EntryPoint "Fragment" @main, @in, @flatv
    spirv.ExecutionMode @main "OriginUpperLeft"
  }
}

// -----
module {
  spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ImageQuery, SampledBuffer], []> {
    spirv.func @img(%arg0: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg1: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>) "None" {
      %0 = spirv.Image %arg0 : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
      %1 = spirv.ImageQuerySize %arg1 : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8> -> vector<2xi32>
      spirv.Return
    }
  }
}

// -----
module {
  spirv.module Logical GLSL450 {
    spirv.func @loops(%arg0: i32, %arg1: i1) -> i32 "DontInline" {
      %cst0_i32 = spirv.Constant 0 : i32
      %cst1_i32 = spirv.Constant 1 : i32
      %0 = spirv.Variable init(%cst0_i32) : !spirv.ptr<i32, Function>
      spirv.mlir.loop control(DontUnroll) {
        spirv.Branch ^bb1(%cst0_i32 : i32)
      ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb2
        %3 = spirv.SLessThan %2, %arg0 : i32
        spirv.BranchConditional %3 [10, 1], ^bb2, ^bb3
      ^bb2:  // pred: ^bb1
        spirv.mlir.selection control(DontFlatten) {
          spirv.BranchConditional %arg1, ^bb1(%2, %cst1_i32 : i32, i32), ^bb2
        ^bb1(%5: i32, %6: i32):  // pred: ^bb0
          %7 = spirv.IAdd %5, %6 : i32
          spirv.Store "Function" %0, %7 : i32
          spirv.Branch ^bb2
        ^bb2:  // 2 preds: ^bb0, ^bb1
          spirv.mlir.merge
        }
        %4 = spirv.IAdd %2, %cst1_i32 : i32
        spirv.Branch ^bb1(%4 : i32)
      ^bb3:  // pred: ^bb1
        spirv.mlir.merge
      }
      %1 = spirv.Load "Function" %0 : i32
      spirv.ReturnValue %1 : i32
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
    ^bb1:  // no predecessors
      spirv.Unreachable
    }
  }
}

// -----
module {
  spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
    spirv.func @gather(%arg0: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg1: vector<4xf32>, %arg2: f32) "None" {
      %0 = spirv.ImageDrefGather %arg0 : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg1 : vector<4xf32>, %arg2 : f32  -> vector<4xf32>
      %1 = spirv.ImageDrefGather %arg0 : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg1 : vector<4xf32>, %arg2 : f32 ["NonPrivateTexel"] -> vector<4xf32>
      spirv.Return
    }
  }
}

