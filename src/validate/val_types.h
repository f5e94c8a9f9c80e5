/* Type shapes shared by the per-instruction type rules (val_arithmetic.c, val_logical.c,
   val_conversion.c, val_composite.c): what kind of scalar a value is made of and how many of
   them, so that "a scalar or vector of integer type with the same number of components as
   Result Type" reads as one comparison. Cooperative matrices count as a shape of their own:
   the extensions that admit them in these instructions ask for equal scope, rows, columns and
   use where the core rule asks for equal component counts. Defined in val_types.c. */
#ifndef SPVK_VAL_TYPES_H
#define SPVK_VAL_TYPES_H

#include "val_internal.h"

typedef enum val_kind { VAL_KIND_NONE, VAL_KIND_INT, VAL_KIND_FLOAT, VAL_KIND_BOOL } val_kind;

typedef struct val_shape {
    uint32_t type;        /* the type id described */
    uint32_t scalar;      /* its scalar (component) type id; 0 when it is none of the shapes below */
    val_kind kind;        /* the scalar's kind */
    uint32_t width;       /* the scalar's width in bits (0 for bool) */
    uint32_t count;       /* 1 for a scalar, the component count of a vector, 0 for a cooperative matrix */
    const val_inst *coop; /* the cooperative matrix type's declaration, or NULL */
} val_shape;

/* The shape of a scalar, vector or cooperative matrix type; kind VAL_KIND_NONE otherwise. */
val_shape val_shape_of(const val_state *v, uint32_t type_id);
/* Whether a and b have the same number of components (scalar/vector) or the same scope,
   rows, columns and use (cooperative matrices). */
bool val_shape_same_count(const val_state *v, const val_shape *a, const val_shape *b);
/* A scalar or vector (not a cooperative matrix) of the given kind. */
bool val_shape_is(const val_shape *s, val_kind kind);
/* The Signedness operand of an OpTypeInt (of a scalar or vector type); 0 for anything else. */
uint32_t val_int_signedness(const val_state *v, uint32_t type_id);
/* A short description of a type for messages: "a 32-bit float vector of 4 components",
   "a struct", ...; buf receives the text. */
const char *val_type_describe(const val_state *v, uint32_t type_id, char *buf, size_t size);
/* The type the n-th constituent of a composite of type t has (0: past its end, or t is not a
   composite); *count receives how many constituents t has (VAL_NONE: not known statically, as
   for a cooperative matrix or an array sized by a specialization constant). */
uint32_t val_constituent_type(const val_state *v, const val_inst *t, uint32_t n, uint32_t *count);
/* Whether the type id is declared by a type-declaration instruction. */
bool val_is_type(const val_state *v, uint32_t id);

/* One instruction under a per-instruction family's type rules, with what its messages name. */
typedef struct val_inst_check {
    val_state *v;
    const val_inst *i;
    uint32_t index;
    const char *rule; /* the rule its messages name */
    const char *name; /* the opcode's name */
    val_shape result; /* of its Result Type */
} val_inst_check;

val_inst_check val_inst_check_of(val_state *v, const val_inst *i, const char *rule);
/* The id of operand n (0 = the first after Result <id>), or 0 when the instruction is short. */
uint32_t val_inst_operand(const val_inst_check *c, uint32_t n);
/* Whether the instruction has count operands after Result <id> and a defined Result Type. */
bool val_inst_ready(const val_inst_check *c, uint32_t count);
/* Reports "WHAT %id of OpX has type T: expected E" under c->rule. Returns false. */
bool val_inst_operand_error(const val_inst_check *c, const char *what, uint32_t id, uint32_t type,
                            const char *expected);
/* Reports "the Result Type %t of OpX is T: expected E" under c->rule. Returns false. */
bool val_inst_result_error(const val_inst_check *c, const char *expected);

#endif
