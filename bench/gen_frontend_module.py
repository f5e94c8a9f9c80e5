#!/usr/bin/env python3
"""Writes a front-end MLIR module for the `spvkit opt` benchmark (bench/opt.sh).

    gen_frontend_module.py SIZE_MB -o FILE

The module is what the compiler's users feed it: a host function launching many gpu.module kernels
written in func/arith/math/memref/scf/gpu, with the redundancy a front end leaves for canonicalize
and cse to clean up (constants repeated in every block, foldable constant arithmetic, identities
such as x + 0, loads repeated with no store between them, expressions computed twice). Kernels vary
by index so that no two are textually equal. Python standard library only; the output is
deterministic. MLIR 19's syntax (mlir-opt-19 parses it)."""
import argparse
import sys

KERNEL = """\
    gpu.func @k{i}(%a: memref<{n}xf32>, %b: memref<{n}xbf16>, %n: index) kernel attributes {{known_block_size = array<i32: 64, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant {trip} : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %t = arith.muli %bid, %bdim : index
      %g = arith.addi %t, %tid : index
      %zero = arith.constant 0 : index
      %g2 = arith.addi %g, %zero : index
      %x = memref.load %a[%g2] : memref<{n}xf32>
      %y = memref.load %a[%g2] : memref<{n}xf32>
      %s = arith.addf %x, %y : f32
      %k1 = arith.constant {f1} : f32
      %k2 = arith.constant {f2} : f32
      %k = arith.mulf %k1, %k2 : f32
      %one = arith.constant 1.000000e+00 : f32
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %s) -> (f32) {{
        %m = arith.mulf %acc, %k : f32
        %m2 = arith.mulf %acc, %k : f32
        %q = arith.addf %m, %m2 : f32
        %q1 = arith.mulf %q, %one : f32
        %e = math.exp %q1 : f32
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %w = arith.addf %e, %fi : f32
        scf.yield %w : f32
      }}
      %i5 = arith.constant {c5} : i32
      %i7 = arith.constant 7 : i32
      %i35 = arith.muli %i5, %i7 : i32
      %f35 = arith.sitofp %i35 : i32 to f32
      %r2 = arith.addf %r, %f35 : f32
      %cond = arith.cmpi slt, %g, %n : index
      %true = arith.constant true
      %both = arith.andi %cond, %true : i1
      scf.if %both {{
        %bf = arith.truncf %r2 : f32 to bf16
        memref.store %bf, %b[%g] : memref<{n}xbf16>
      }}
      %never = arith.cmpi ne, %c0, %c0 : index
      scf.if %never {{
        memref.store %r2, %a[%g] : memref<{n}xf32>
      }}
      gpu.return
    }}
"""

LAUNCH = ("    gpu.launch_func @kernels::@k{i} blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) "
          "args(%a : memref<{n}xf32>, %b : memref<{n}xbf16>, %n : index)\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("size_mb", type=float, help="size of the output in MB (10^6 bytes)")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    target = int(args.size_mb * 1e6)
    n = 1024
    kernels = []
    launches = []
    size = 0
    i = 0
    while size < target:
        k = KERNEL.format(i=i, n=n, trip=4 + i % 5, f1="%.6e" % (1.0 + (i % 97) / 8.0),
                          f2="%.6e" % (2.0 + (i % 13)), c5=5 + i % 11)
        launch = LAUNCH.format(i=i, n=n)
        kernels.append(k)
        launches.append(launch)
        size += len(k) + len(launch)
        i += 1
    with open(args.output, "w") as f:
        f.write("module attributes {gpu.container_module} {\n  gpu.module @kernels {\n")
        f.writelines(kernels)
        f.write("  }\n  func.func @main() {\n")
        f.write("    %c1 = arith.constant 1 : index\n    %c64 = arith.constant 64 : index\n")
        f.write("    %n = arith.constant 1000 : index\n")
        f.write("    %%a = memref.alloc() : memref<%dxf32>\n    %%b = memref.alloc() : memref<%dxbf16>\n" % (n, n))
        f.writelines(launches)
        f.write("    memref.dealloc %%a : memref<%dxf32>\n    memref.dealloc %%b : memref<%dxbf16>\n" % (n, n))
        f.write("    return\n  }\n}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
