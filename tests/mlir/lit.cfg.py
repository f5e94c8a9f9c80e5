# lit configuration for spvkit's .mlir tests (tests/mlir/<area>/*.mlir).
#
# Run through ctest (mlir.lit) or by hand:
#   python3 /usr/lib/llvm-15/build/utils/lit/lit.py -sv --param spvkit=build/spvkit tests/mlir
# Substitutions:
#   %spvkit     the spvkit binary (--param spvkit=PATH, else $SPVKIT, else build/spvkit)
#   %mlir_opt   mlir-opt-19 when installed (tests using it say `REQUIRES: mlir-opt`)
#   FileCheck, not, count  from LLVM 15's tools (package llvm-15-tools)
import os
import shutil

import lit.formats

config.name = "spvkit-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
root = os.path.dirname(os.path.dirname(config.test_source_root))

spvkit = lit_config.params.get("spvkit") or os.environ.get("SPVKIT") or os.path.join(root, "build", "spvkit")
spvkit = os.path.abspath(spvkit)
if not os.access(spvkit, os.X_OK):
    lit_config.fatal("no spvkit binary at %s (pass --param spvkit=PATH)" % spvkit)
config.test_exec_root = lit_config.params.get("exec_root") or os.path.join(os.path.dirname(spvkit), "tests", "mlir-lit")

llvm_bin = lit_config.params.get("llvm_bin") or "/usr/lib/llvm-15/bin"
for tool in ("FileCheck", "not", "count"):
    path = os.path.join(llvm_bin, tool)
    if not os.access(path, os.X_OK):
        lit_config.fatal("%s not found in %s (install llvm-15-tools)" % (tool, llvm_bin))

# Tools are found through PATH so that RUN lines read as in MLIR's tests (`| FileCheck %s`).
config.environment["PATH"] = os.pathsep.join([llvm_bin, os.path.dirname(spvkit), config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(("%spvkit", spvkit))

mlir_opt = lit_config.params.get("mlir_opt") or shutil.which("mlir-opt-19")
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.append(("%mlir_opt", mlir_opt))
