#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of tests/fuzz/dict/ (scripts/fuzz.sh passes them with -dict=).

    tools/gen_fuzz_dicts.py GRAMMAR_DIR REPO_ROOT

assembler.dict: every opcode name of spirv.core.grammar.json, the enumerants of the operand kinds
that assembly text spells most (capabilities, storage classes, decorations, built-ins, execution
models and modes, FP encodings, ...), the ext-inst set names and the assembler's own syntax.
ir_parser.dict: MLIR text keywords and punctuation, builtin types and attributes, and every
spirv dialect operation, type and attribute name of src/dialects/spirv/spirv_op_table.c.
Deterministic output (sorted), so a regeneration that changes nothing changes no file."""
import json
import os
import re
import sys


def entry(s):
    out = []
    for c in s:
        if c in '"\\':
            out.append('\\' + c)
        elif 32 <= ord(c) < 127:
            out.append(c)
        else:
            out.append('\\x%02x' % ord(c))
    return '"%s"' % ''.join(out)


def write(path, header, words):
    with open(path, 'w') as f:
        f.write(header)
        for w in sorted(set(words)):
            f.write(entry(w) + '\n')


def main():
    grammar_dir, root = sys.argv[1], sys.argv[2]
    core = json.load(open(os.path.join(grammar_dir, 'spirv.core.grammar.json')))
    asm = [i['opname'] for i in core['instructions']]
    kinds = {'Capability', 'StorageClass', 'Decoration', 'BuiltIn', 'ExecutionModel', 'ExecutionMode',
             'AddressingModel', 'MemoryModel', 'FPEncoding', 'Dim', 'ImageFormat', 'FunctionControl',
             'MemoryAccess', 'SelectionControl', 'LoopControl', 'Scope', 'MemorySemantics', 'GroupOperation',
             'SourceLanguage', 'ImageOperands', 'CooperativeMatrixUse', 'CooperativeMatrixLayout'}
    for k in core['operand_kinds']:
        if k['kind'] in kinds:
            asm += [e['enumerant'] for e in k.get('enumerants', [])]
    asm += ['%', '%1', '%void', '=', ' = ', '!', '!0x1', '"', '""', '\\"', '|', ';', '\n', '0x', '0x1p+0',
            '-0x1.8p-149', '1e38', '-0', '4294967295', '0xffffffff', '18446744073709551615', '9999999999',
            'GLSL.std.450', 'OpenCL.std', 'NonSemantic.Shader.DebugInfo.100', 'NonSemantic.DebugPrintf',
            'SPV_KHR_bfloat16', 'SPV_EXT_float8', 'SPV_KHR_cooperative_matrix', 'SPV_KHR_untyped_pointers',
            '%float = OpTypeFloat 32\n', '%uint = OpTypeInt 32 0\n', '%c = OpConstant %uint 4\n',
            '%a = OpTypeArray %a %c\n', 'OpDecorationGroup', 'OpGroupDecorate %g %g\n']
    header = ('# libFuzzer dictionary for fuzz_assembler: SPIR-V assembly (tools/gen_fuzz_dicts.py).\n')
    write(os.path.join(root, 'tests/fuzz/dict/assembler.dict'), header, asm)

    table = open(os.path.join(root, 'src/dialects/spirv/spirv_op_table.c')).read()
    mlir = re.findall(r'"(spirv\.[A-Za-z0-9_.]+)"', table)
    mlir += ['module', 'func.func', 'builtin.module', 'spirv.module', 'Logical', 'GLSL450', 'Vulkan',
             'requires', '#spirv.vce<v1.6, [Shader], []>', 'attributes', 'loc(', 'loc("f":1:2)', 'unknown',
             'dense<', 'dense<1.0>', 'dense_resource<', 'array<', 'true', 'false', 'unit', 'none', 'index',
             'i1', 'i8', 'i16', 'i32', 'i64', 'si32', 'ui32', 'f16', 'bf16', 'f32', 'f64', 'f8E4M3FN', 'f8E5M2',
             'f4E2M1FN', 'vector<4xf32>', 'tensor<', 'memref<', 'complex<', 'tuple<', '!spirv.ptr<f32, StorageBuffer>',
             '!spirv.array<4294967295 x f32>', '!spirv.struct<(f32 [0])>', '!spirv.rtarray<f32, stride=4>',
             '!spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>', '#a0 = ', '!t0 = ', '#a1 = [#a0, #a0]', '#a0', '!t0',
             '%0', '%arg0', '^bb0', '^bb1(%x: i32)', '@main', '"spirv.Foo"', '() -> ()', '(i32) -> i32', ':', '::',
             '->', '(', ')', '{', '}', '[', ']', '<', '>', ',', '=', '"', '\\"', '0x7F800000', '-0.0', '1e400',
             '4294967295', '18446744073709551616', '//', '\n', ' ', 'attributes {}', '{spirv.decoration}',
             'bind(0, 0)', 'built_in("GlobalInvocationId")', 'spec_id(1)', '"None"', '"Inline"']
    header = ('# libFuzzer dictionary for fuzz_ir_parser: MLIR text and the spirv dialect '
              '(tools/gen_fuzz_dicts.py).\n')
    write(os.path.join(root, 'tests/fuzz/dict/ir_parser.dict'), header, mlir)


main()
