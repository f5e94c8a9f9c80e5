#!/usr/bin/env python3
"""Writes large, valid SPIR-V assembly modules (spirv-as syntax) for the benchmarks.

  gen_module.py mixed SIZE_MB -o OUT.spvasm
      A compute shader module with many functions: arithmetic on 16/32/64-bit integers and
      floats (half, float, double), loads and stores through access chains into a storage
      buffer, structured control flow (OpLoopMerge, OpSelectionMerge, OpSwitch, OpPhi),
      GLSL.std.450 extended instructions, constants of several types, decorations and an
      OpName on most ids. Every name is unique, so that no disassembler pays for name
      clashes here. Valid for spirv-val --target-env vulkan1.2.

  gen_module.py names SIZE_MB -o OUT.spvasm
      Thousands of small functions whose parameters and locals are named alike in every
      function (OpName %acc_17 "acc", "i", "tmp"), as compilers emit them. A
      disassembler that resolves each clash by probing "acc_0", "acc_1", ... from zero is
      quadratic in the number of functions on this module.

SIZE_MB is the size of the binary that spirv-as makes from the text (in MiB, 2^20 bytes; it
may be fractional). The generator counts the words of every instruction it writes, so the
binary comes out within one function of the size asked for (and never below it).
Python 3 standard library only.
"""
import argparse
import re
import sys

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')


def count_words(line, wide_literal=False):
    """Words of one instruction as spirv-as encodes it (opcode word + one word per token,
    a string takes its nul-terminated length rounded up to words)."""
    words = 1
    for tok in _TOKEN.findall(line):
        if tok == "=" or tok.startswith("Op"):
            continue
        if tok.startswith('"'):
            raw = tok[1:-1].replace('\\"', '"').replace("\\\\", "\\")
            words += len(raw.encode("utf-8")) // 4 + 1
        else:
            words += 1
    if wide_literal:  # a 64-bit literal takes two words
        words += 1
    return words


class Section:
    def __init__(self):
        self.lines = []
        self.words = 0

    def add(self, line, wide=False):
        self.lines.append(line)
        self.words += count_words(line, wide)


HEADER_WORDS = 5


class Module:
    """The logical layout sections of a module, each counting its words."""

    SECTIONS = ("caps", "ext", "mem", "entry", "modes", "debug", "annot", "types", "funcs")

    def __init__(self):
        for s in self.SECTIONS:
            setattr(self, s, Section())

    def words(self):
        return HEADER_WORDS + sum(getattr(self, s).words for s in self.SECTIONS)

    def write(self, out):
        for s in self.SECTIONS:
            sec = getattr(self, s)
            if sec.lines:
                out.write("\n".join(sec.lines))
                out.write("\n")


# ---------------------------------------------------------------- mixed

def mixed_prologue(m):
    for cap in ("Shader", "Float16", "Float64", "Int64", "Int16"):
        m.caps.add(f"OpCapability {cap}")
    m.ext.add('%glsl = OpExtInstImport "GLSL.std.450"')
    m.mem.add("OpMemoryModel Logical GLSL450")
    m.entry.add('OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID %data %params %shared_acc')
    m.modes.add("OpExecutionMode %main LocalSize 64 1 1")
    d = m.debug
    d.add('OpSource GLSL 450')
    d.add('OpSourceExtension "GL_EXT_shader_explicit_arithmetic_types"')
    for ident, name in (("%main", "main"), ("%gl_GlobalInvocationID", "gl_GlobalInvocationID"),
                        ("%Data", "Data"), ("%data", "data"), ("%Params", "Params"), ("%params", "params"),
                        ("%shared_acc", "shared_acc")):
        d.add(f'OpName {ident} "{name}"')
    d.add('OpMemberName %Data 0 "values"')
    d.add('OpMemberName %Params 0 "scale"')
    d.add('OpMemberName %Params 1 "count"')
    d.add('OpMemberName %Params 2 "seed"')
    a = m.annot
    a.add("OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId")
    a.add("OpDecorate %_runtimearr_float ArrayStride 4")
    a.add("OpMemberDecorate %Data 0 Offset 0")
    a.add("OpDecorate %Data Block")
    a.add("OpDecorate %data DescriptorSet 0")
    a.add("OpDecorate %data Binding 0")
    a.add("OpMemberDecorate %Params 0 Offset 0")
    a.add("OpMemberDecorate %Params 1 Offset 4")
    a.add("OpMemberDecorate %Params 2 Offset 8")
    a.add("OpDecorate %Params Block")
    a.add("OpDecorate %params DescriptorSet 0")
    a.add("OpDecorate %params Binding 1")
    a.add("OpDecorate %wg_size SpecId 0")
    t = m.types
    for line in (
        "%void = OpTypeVoid",
        "%bool = OpTypeBool",
        "%int = OpTypeInt 32 1",
        "%uint = OpTypeInt 32 0",
        "%long = OpTypeInt 64 1",
        "%ulong = OpTypeInt 64 0",
        "%short = OpTypeInt 16 1",
        "%half = OpTypeFloat 16",
        "%float = OpTypeFloat 32",
        "%double = OpTypeFloat 64",
        "%v2float = OpTypeVector %float 2",
        "%v3uint = OpTypeVector %uint 3",
        "%v4float = OpTypeVector %float 4",
        "%fn_void = OpTypeFunction %void",
        "%fn_float_uint_float = OpTypeFunction %float %uint %float",
        "%_ptr_Input_v3uint = OpTypePointer Input %v3uint",
        "%_ptr_Input_uint = OpTypePointer Input %uint",
        "%_runtimearr_float = OpTypeRuntimeArray %float",
        "%Data = OpTypeStruct %_runtimearr_float",
        "%_ptr_StorageBuffer_Data = OpTypePointer StorageBuffer %Data",
        "%_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float",
        "%Params = OpTypeStruct %float %uint %uint",
        "%_ptr_Uniform_Params = OpTypePointer Uniform %Params",
        "%_ptr_Uniform_float = OpTypePointer Uniform %float",
        "%_ptr_Uniform_uint = OpTypePointer Uniform %uint",
        "%_ptr_Function_float = OpTypePointer Function %float",
        "%_ptr_Function_uint = OpTypePointer Function %uint",
        "%_ptr_Function_v4float = OpTypePointer Function %v4float",
        "%_ptr_Workgroup_float = OpTypePointer Workgroup %float",
    ):
        t.add(line)
    for line in (
        "%true = OpConstantTrue %bool",
        "%false = OpConstantFalse %bool",
        "%int_0 = OpConstant %int 0",
        "%int_1 = OpConstant %int 1",
        "%int_2 = OpConstant %int 2",
        "%int_n7 = OpConstant %int -7",
        "%uint_0 = OpConstant %uint 0",
        "%uint_1 = OpConstant %uint 1",
        "%uint_3 = OpConstant %uint 3",
        "%uint_16 = OpConstant %uint 16",
        "%uint_1023 = OpConstant %uint 1023",
        "%uint_0xdeadbeef = OpConstant %uint 0xdeadbeef",
        "%short_n3 = OpConstant %short -3",
        "%float_0 = OpConstant %float 0",
        "%float_1 = OpConstant %float 1",
        "%float_0_5 = OpConstant %float 0.5",
        "%float_n2_25 = OpConstant %float -2.25",
        "%float_1e_10 = OpConstant %float 1e-10",
        "%half_1_5 = OpConstant %half 1.5",
        "%half_n0_25 = OpConstant %half -0.25",
    ):
        t.add(line)
    for line in (
        "%double_pi = OpConstant %double 3.14159265358979311600",
        "%double_1e300 = OpConstant %double 1e300",
        "%long_n1234567890123 = OpConstant %long -1234567890123",
        "%ulong_0x9e3779b97f4a7c15 = OpConstant %ulong 0x9e3779b97f4a7c15",
    ):
        t.add(line, wide=True)
    for line in (
        "%v2float_c = OpConstantComposite %v2float %float_0_5 %float_n2_25",
        "%v4float_1 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1",
        "%wg_size = OpSpecConstant %uint 64",
        "%gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input",
        "%data = OpVariable %_ptr_StorageBuffer_Data StorageBuffer",
        "%params = OpVariable %_ptr_Uniform_Params Uniform",
        "%shared_acc = OpVariable %_ptr_Workgroup_float Workgroup",
    ):
        t.add(line)


def mixed_function(m, k, no_switch=False):
    """Appends function f<k> (float f<k>(uint x, float y)) and its names, decorations and constants.
    no_switch: a two-way selection where the switch would be (MLIR 19 has no OpSwitch)."""
    p = f"f{k}_"
    ids = ["x", "y", "entry", "acc", "i", "vec", "hdr", "cond", "iv", "lt", "body", "idx", "ptr", "v", "a",
           "scale_ptr", "scale", "fma", "sin", "odd", "isodd", "then", "else", "merge_sel", "d", "dm", "ds",
           "dr", "l", "lm", "lx", "lr", "tf", "h", "hm", "ha", "hf", "ef", "phi", "cont", "inc", "merge",
           "r", "sel", "sw0", "sw1", "sw2", "swd", "swm", "r0", "r1", "vp", "vl", "ve", "r2", "call", "out",
           "optr", "clamp", "bits", "sh", "neg", "mix", "sq", "cnt_ptr", "cnt", "gt"]
    if no_switch:
        ids = [i for i in ids if i not in ("sw0", "sw1", "sw2", "swd", "swm", "r1", "vp", "vl", "ve")] + ["c0", "phv", "shdr"]
    for name in ids:
        m.debug.add(f'OpName %{p}{name} "{p}{name}"')
    m.debug.add(f'OpName %f{k} "f{k}(u1;f1;"')
    m.annot.add(f"OpDecorate %{p}dm NoContraction")
    m.annot.add(f"OpDecorate %{p}fma RelaxedPrecision")
    m.types.add(f"%float_k{k} = OpConstant %float {k}.25")
    m.types.add(f"%uint_k{k} = OpConstant %uint {k * 7 + 11}")
    m.types.add(f"%double_k{k} = OpConstant %double {k}.0078125", wide=True)

    f = m.funcs
    L = f.add
    L(f"%f{k} = OpFunction %float None %fn_float_uint_float")
    L(f"%{p}x = OpFunctionParameter %uint")
    L(f"%{p}y = OpFunctionParameter %float")
    L(f"%{p}entry = OpLabel")
    L(f"%{p}acc = OpVariable %_ptr_Function_float Function")
    L(f"%{p}i = OpVariable %_ptr_Function_uint Function")
    L(f"%{p}vec = OpVariable %_ptr_Function_v4float Function")
    if no_switch:
        L(f"%{p}phv = OpVariable %_ptr_Function_float Function")
    L(f"OpStore %{p}acc %{p}y")
    L(f"OpStore %{p}i %uint_0")
    L(f"OpStore %{p}vec %v4float_1")
    L(f"OpBranch %{p}hdr")
    # loop header
    L(f"%{p}hdr = OpLabel")
    L(f"OpLoopMerge %{p}merge %{p}cont None")
    L(f"OpBranch %{p}cond")
    L(f"%{p}cond = OpLabel")
    L(f"%{p}iv = OpLoad %uint %{p}i")
    L(f"%{p}cnt_ptr = OpAccessChain %_ptr_Uniform_uint %params %int_1")
    L(f"%{p}cnt = OpLoad %uint %{p}cnt_ptr")
    L(f"%{p}lt = OpULessThan %bool %{p}iv %{p}cnt")
    L(f"OpBranchConditional %{p}lt %{p}body %{p}merge")
    # loop body
    L(f"%{p}body = OpLabel")
    L(f"%{p}idx = OpIAdd %uint %{p}iv %{p}x")
    L(f"%{p}clamp = OpBitwiseAnd %uint %{p}idx %uint_1023")
    L(f"%{p}ptr = OpAccessChain %_ptr_StorageBuffer_float %data %int_0 %{p}clamp")
    L(f"%{p}v = OpLoad %float %{p}ptr")
    L(f"%{p}a = OpLoad %float %{p}acc")
    L(f"%{p}scale_ptr = OpAccessChain %_ptr_Uniform_float %params %int_0")
    L(f"%{p}scale = OpLoad %float %{p}scale_ptr")
    L(f"%{p}fma = OpExtInst %float %glsl Fma %{p}v %{p}scale %{p}a")
    L(f"%{p}sin = OpExtInst %float %glsl Sin %{p}fma")
    L(f"%{p}odd = OpBitwiseAnd %uint %{p}iv %uint_1")
    L(f"%{p}isodd = OpIEqual %bool %{p}odd %uint_1")
    if no_switch:  # MLIR 19: values of a selection's header block may not be used after it
        L(f"OpBranch %{p}shdr")
        L(f"%{p}shdr = OpLabel")
    L(f"OpSelectionMerge %{p}merge_sel None")
    L(f"OpBranchConditional %{p}isodd %{p}then %{p}else")
    # then: double and 64-bit integer arithmetic
    L(f"%{p}then = OpLabel")
    L(f"%{p}d = OpFConvert %double %{p}sin")
    L(f"%{p}dm = OpFMul %double %{p}d %double_k{k}")
    L(f"%{p}ds = OpFAdd %double %{p}dm %double_pi")
    L(f"%{p}dr = OpFConvert %float %{p}ds")
    L(f"%{p}l = OpUConvert %ulong %{p}idx")
    L(f"%{p}lm = OpIMul %ulong %{p}l %ulong_0x9e3779b97f4a7c15")
    L(f"%{p}lx = OpShiftRightLogical %ulong %{p}lm %uint_16")
    L(f"%{p}lr = OpConvertUToF %float %{p}lx")
    L(f"%{p}tf = OpFAdd %float %{p}dr %{p}lr")
    if no_switch:
        L(f"OpStore %{p}phv %{p}tf")
    L(f"OpBranch %{p}merge_sel")
    # else: half arithmetic and bit tricks
    L(f"%{p}else = OpLabel")
    L(f"%{p}h = OpFConvert %half %{p}sin")
    L(f"%{p}hm = OpFMul %half %{p}h %half_1_5")
    L(f"%{p}ha = OpFAdd %half %{p}hm %half_n0_25")
    L(f"%{p}hf = OpFConvert %float %{p}ha")
    L(f"%{p}bits = OpBitcast %uint %{p}hf")
    L(f"%{p}sh = OpShiftLeftLogical %uint %{p}bits %uint_3")
    L(f"%{p}neg = OpSNegate %int %int_n7")
    L(f"%{p}ef = OpExtInst %float %glsl FClamp %{p}hf %float_n2_25 %float_k{k}")
    if no_switch:
        L(f"OpStore %{p}phv %{p}ef")
    L(f"OpBranch %{p}merge_sel")
    L(f"%{p}merge_sel = OpLabel")
    if no_switch:  # MLIR 19: "OpPhi in loop merge block unimplemented"
        L(f"%{p}phi = OpLoad %float %{p}phv")
    else:
        L(f"%{p}phi = OpPhi %float %{p}tf %{p}then %{p}ef %{p}else")
    L(f"%{p}mix = OpExtInst %float %glsl FMix %{p}phi %{p}a %float_0_5")
    L(f"OpStore %{p}acc %{p}mix")
    L(f"OpStore %{p}ptr %{p}mix")
    L(f"OpBranch %{p}cont")
    L(f"%{p}cont = OpLabel")
    L(f"%{p}inc = OpIAdd %uint %{p}iv %uint_1")
    L(f"OpStore %{p}i %{p}inc")
    L(f"OpBranch %{p}hdr")
    # after the loop: a switch
    L(f"%{p}merge = OpLabel")
    L(f"%{p}r = OpLoad %float %{p}acc")
    L(f"%{p}sel = OpBitwiseAnd %uint %{p}x %uint_3")
    if no_switch:
        # The same values without control flow: MLIR 19's deserializer refuses OpSwitch and a
        # selection in a loop's merge block.
        L(f"%{p}c0 = OpIEqual %bool %{p}sel %uint_0")
        L(f"%{p}r0 = OpFMul %float %{p}r %float_k{k}")
        L(f"%{p}sq = OpExtInst %float %glsl InverseSqrt %{p}r")
        L(f"%{p}gt = OpFOrdGreaterThan %bool %{p}sq %float_1e_10")
        L(f"%{p}r2 = OpSelect %float %{p}c0 %{p}r0 %{p}sq")
    else:
        L(f"OpSelectionMerge %{p}swm None")
        L(f"OpSwitch %{p}sel %{p}swd 0 %{p}sw0 1 %{p}sw1 2 %{p}sw2")
        L(f"%{p}sw0 = OpLabel")
        L(f"%{p}r0 = OpFMul %float %{p}r %float_k{k}")
        L(f"OpBranch %{p}swm")
        L(f"%{p}sw1 = OpLabel")
        L(f"%{p}r1 = OpExtInst %float %glsl Sqrt %{p}r")
        L(f"OpBranch %{p}swm")
        L(f"%{p}sw2 = OpLabel")
        L(f"%{p}vp = OpAccessChain %_ptr_Function_float %{p}vec %int_2")
        L(f"%{p}vl = OpLoad %float %{p}vp")
        L(f"%{p}ve = OpFAdd %float %{p}vl %{p}r")
        L(f"OpBranch %{p}swm")
        L(f"%{p}swd = OpLabel")
        L(f"%{p}sq = OpExtInst %float %glsl InverseSqrt %{p}r")
        L(f"%{p}gt = OpFOrdGreaterThan %bool %{p}sq %float_1e_10")
        L(f"OpBranch %{p}swm")
        L(f"%{p}swm = OpLabel")
        L(f"%{p}r2 = OpPhi %float %{p}r0 %{p}sw0 %{p}r1 %{p}sw1 %{p}ve %{p}sw2 %{p}sq %{p}swd")
    if k > 0 and k % 4 != 0:
        L(f"%{p}call = OpFunctionCall %float %f{k - 1} %{p}x %{p}r2")
    else:
        L(f"%{p}call = OpFAdd %float %{p}r2 %float_k{k}")
    L(f"%{p}optr = OpAccessChain %_ptr_StorageBuffer_float %data %int_0 %uint_k{k}")
    L(f"%{p}out = OpFSub %float %{p}call %float_0_5")
    L(f"OpStore %{p}optr %{p}out")
    L(f"OpReturnValue %{p}out")
    L("OpFunctionEnd")


def mixed_main(m, nfuncs):
    L = m.funcs.add
    L("%main = OpFunction %void None %fn_void")
    L("%main_entry = OpLabel")
    L("%main_gid_ptr = OpAccessChain %_ptr_Input_uint %gl_GlobalInvocationID %uint_0")
    L("%main_gid = OpLoad %uint %main_gid_ptr")
    prev = "%float_0"
    # call every function that starts a call chain (f0, f4, f8, ...): all are used
    for k in range(0, nfuncs, 4):
        last = min(k + 3, nfuncs - 1)
        L(f"%main_c{last} = OpFunctionCall %float %f{last} %main_gid {prev}")
        prev = f"%main_c{last}"
    L(f"OpStore %shared_acc {prev}")
    L("OpReturn")
    L("OpFunctionEnd")


def gen_mixed(target_bytes, no_switch=False):
    m = Module()
    mixed_prologue(m)
    k = 0
    # main costs about 6 words per 4 functions plus its frame
    while m.words() * 4 + (k // 4 + 1) * 24 + 64 < target_bytes or k == 0:
        mixed_function(m, k, no_switch)
        k += 1
    mixed_main(m, k)
    return m


# ---------------------------------------------------------------- names

def names_prologue(m):
    m.caps.add("OpCapability Shader")
    m.mem.add("OpMemoryModel Logical GLSL450")
    m.entry.add('OpEntryPoint GLCompute %main "main" %out')
    m.modes.add("OpExecutionMode %main LocalSize 1 1 1")
    m.debug.add("OpSource GLSL 450")
    m.debug.add('OpName %main "main"')
    m.debug.add('OpName %out "out"')
    m.debug.add('OpName %Out "Out"')
    m.debug.add('OpMemberName %Out 0 "value"')
    m.annot.add("OpMemberDecorate %Out 0 Offset 0")
    m.annot.add("OpDecorate %Out Block")
    m.annot.add("OpDecorate %out DescriptorSet 0")
    m.annot.add("OpDecorate %out Binding 0")
    for line in (
        "%void = OpTypeVoid",
        "%uint = OpTypeInt 32 0",
        "%fn_void = OpTypeFunction %void",
        "%fn_uint_uint = OpTypeFunction %uint %uint",
        "%_ptr_Function_uint = OpTypePointer Function %uint",
        "%Out = OpTypeStruct %uint",
        "%_ptr_StorageBuffer_Out = OpTypePointer StorageBuffer %Out",
        "%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint",
        "%uint_0 = OpConstant %uint 0",
        "%uint_1 = OpConstant %uint 1",
        "%uint_3 = OpConstant %uint 3",
        "%uint_7 = OpConstant %uint 7",
        "%out = OpVariable %_ptr_StorageBuffer_Out StorageBuffer",
    ):
        m.types.add(line)


def names_function(m, k):
    d = m.debug.add
    d(f'OpName %f_{k} "f_{k}(u1;"')
    d(f'OpName %acc_{k} "acc"')
    d(f'OpName %i_{k} "i"')
    d(f'OpName %tmp_{k} "tmp"')
    L = m.funcs.add
    L(f"%f_{k} = OpFunction %uint None %fn_uint_uint")
    L(f"%n_{k} = OpFunctionParameter %uint")
    L(f"%entry_{k} = OpLabel")
    L(f"%acc_{k} = OpVariable %_ptr_Function_uint Function")
    L(f"%i_{k} = OpVariable %_ptr_Function_uint Function")
    L(f"%tmp_{k} = OpVariable %_ptr_Function_uint Function")
    L(f"OpStore %acc_{k} %uint_0")
    L(f"OpStore %i_{k} %n_{k}")
    L(f"%a_{k} = OpLoad %uint %i_{k}")
    L(f"%b_{k} = OpIMul %uint %a_{k} %uint_3")
    L(f"OpStore %tmp_{k} %b_{k}")
    L(f"%c_{k} = OpLoad %uint %tmp_{k}")
    L(f"%d_{k} = OpIAdd %uint %c_{k} %uint_1")
    L(f"%e_{k} = OpBitwiseXor %uint %d_{k} %a_{k}")
    L(f"%g_{k} = OpShiftLeftLogical %uint %e_{k} %uint_3")
    L(f"%h_{k} = OpISub %uint %g_{k} %b_{k}")
    L(f"%j_{k} = OpUMod %uint %h_{k} %uint_7")
    L(f"%m_{k} = OpIAdd %uint %j_{k} %d_{k}")
    L(f"OpStore %acc_{k} %m_{k}")
    L(f"%r_{k} = OpLoad %uint %acc_{k}")
    L(f"OpReturnValue %r_{k}")
    L("OpFunctionEnd")


def gen_names(target_bytes):
    m = Module()
    names_prologue(m)
    k = 0
    while m.words() * 4 + 64 < target_bytes or k == 0:
        names_function(m, k)
        k += 1
    L = m.funcs.add
    L("%main = OpFunction %void None %fn_void")
    L("%main_entry = OpLabel")
    L("%main_r = OpFunctionCall %uint %f_0 %uint_1")
    L("%main_p = OpAccessChain %_ptr_StorageBuffer_uint %out %uint_0")
    L("OpStore %main_p %main_r")
    L("OpReturn")
    L("OpFunctionEnd")
    return m


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=("mixed", "mixed-noswitch", "names"),
                    help="mixed-noswitch: mixed with a two-way selection instead of each OpSwitch "
                         "(MLIR 19's deserializer has no OpSwitch)")
    ap.add_argument("size_mb", type=float, help="size of the assembled binary, MiB")
    ap.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    args = ap.parse_args(argv)
    target = int(args.size_mb * 1024 * 1024)
    m = gen_names(target) if args.kind == "names" else gen_mixed(target, args.kind == "mixed-noswitch")
    if args.output == "-":
        m.write(sys.stdout)
    else:
        with open(args.output, "w", encoding="utf-8", newline="\n") as out:
            m.write(out)
    print(f"gen_module: {args.kind}: {m.words() * 4} bytes of binary expected", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
