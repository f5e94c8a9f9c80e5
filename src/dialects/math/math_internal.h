/* The math dialect's C hooks (math.ops names them). Its folders use arith's constant-folding
   helpers (MLIR's math folds through the same CommonFolders.h). */
#ifndef SPVK_MATH_INTERNAL_H
#define SPVK_MATH_INTERNAL_H

#include "../arith/arith_internal.h"

bool math_fpowi_verify(spvk_ir_verifier *v, const spvk_ir_op *op);

#define MATH_FOLDERS(X)                                                                            \
    X(absf) X(acos) X(acosh) X(asin) X(asinh) X(atan) X(atanh) X(ceil) X(cos) X(cosh) X(erf)        \
    X(exp) X(exp2) X(expm1) X(floor) X(log) X(log10) X(log1p) X(log2) X(round) X(roundeven)        \
    X(sin) X(sinh) X(sqrt) X(tan) X(tanh) X(trunc) X(atan2) X(copysign) X(powf) X(absi) X(ctlz)    \
    X(cttz) X(ctpop) X(ipowi)
#define MATH_DECLARE_FOLDER(name) ARITH_FOLDER(math_##name##_fold);
MATH_FOLDERS(MATH_DECLARE_FOLDER)
#undef MATH_DECLARE_FOLDER

/* The generated descriptions (math_ops.c, from math.ops). */
extern const struct spvk_ods_dialect spvk_math_ods;
SPVK_API const spvk_ir_dialect *spvk_math_dialect(void);

#endif
