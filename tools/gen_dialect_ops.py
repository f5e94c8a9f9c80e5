#!/usr/bin/env python3
"""Writes a dialect's op descriptions (include/spvkit/ir_ods.h) from its table.

    tools/gen_dialect_ops.py src/dialects/arith/arith.ops          # writes src/dialects/arith/arith_ops.c
    tools/gen_dialect_ops.py TABLE -o OUT.c                         # elsewhere
    tools/gen_dialect_ops.py --check TABLE...                       # exit 1 if a committed output is stale
    tools/gen_dialect_ops.py --all                                  # every src/dialects/*/*.ops

The table format is /work/notes/ops_format.md's, extended as docs/dialects.md says. Formats are
resolved here, as MLIR's format generator resolves them: every variable becomes an index, every
literal's spacing is decided (MLIR's printer state depends on the format alone), and the type of
every value the format leaves out gets its resolver (a printed value, an attribute, a buildable
constraint or the op's infer hook). Errors name the table's file:line.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMON = os.path.join(ROOT, "tools", "ods_common.ops")


class TableError(Exception):
    pass


def fail(where, msg):
    raise TableError("%s:%d: error: %s" % (where[0], where[1], msg))


# ------------------------------------------------------------------------------------------------
# Table reading
# ------------------------------------------------------------------------------------------------

def split_top(text, sep=None):
    """Splits on whitespace (or sep) outside <...>, (...), [...] and quotes."""
    out, cur, depth, quote = [], "", 0, False
    for ch in text:
        if quote:
            cur += ch
            if ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
            cur += ch
            continue
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        is_sep = (ch.isspace() if sep is None else ch == sep)
        if is_sep and depth == 0:
            if cur.strip():
                out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def strip_comment(line):
    out, quote, tick = "", False, False
    for ch in line:
        if ch == '"' and not tick:
            quote = not quote
        elif ch == '`' and not quote:
            tick = not tick
        elif ch == '#' and not quote and not tick:
            break
        out += ch
    return out.rstrip()


def read_lines(path):
    """Logical lines (continuations joined) with their first line number."""
    try:
        with open(path) as f:
            raw = f.read().split("\n")
    except OSError as e:
        raise TableError("%s: error: %s" % (path, e.strerror))
    lines = []
    for n, line in enumerate(raw, 1):
        text = strip_comment(line)
        if not text.strip():
            lines.append((n, ""))
            continue
        if line.startswith("    ") and lines and lines[-1][1] and ":" in lines[-1][1]:
            lines[-1] = (lines[-1][0], lines[-1][1] + " " + text.strip())
            continue
        lines.append((n, text.strip()))
    return lines


class Table:
    def __init__(self):
        self.dialect = None
        self.cincludes = []
        self.type_constraints = {}  # name -> dict
        self.attr_constraints = {}
        self.enums = {}             # name -> dict
        self.enum_order = []
        self.customs = {}           # directive name -> (parse, print)
        self.ops = []
        self.imports = []


def parse_quoted(where, tokens, i):
    if i >= len(tokens) or not tokens[i].startswith('"'):
        fail(where, "expected a quoted summary")
    t = tokens[i]
    if not (len(t) >= 2 and t.endswith('"')):
        fail(where, "unterminated string")
    return t[1:-1], i + 1


def tokenize_with_quotes(text):
    # a quoted part may sit inside a word: sep=", "
    return re.findall(r'(?:[^\s"]*"[^"]*")+[^\s"]*|\S+', text)


def read_table(path, table, common=False):
    lines = read_lines(path)
    op = None
    for n, text in lines:
        where = (path, n)
        if not text:
            op = None
            continue
        words = tokenize_with_quotes(text)
        kw = words[0]
        if kw == "dialect" and not common:
            if table.dialect:
                fail(where, "a second `dialect` line")
            if len(words) != 2 or not re.match(r"^[a-z_][a-z0-9_]*$", words[1]):
                fail(where, "expected `dialect <name>`")
            table.dialect = words[1]
            op = None
        elif kw == "cinclude":
            if len(words) != 2:
                fail(where, "expected `cinclude <header>`")
            table.cincludes.append(words[1])
            op = None
        elif kw == "import":
            if len(words) != 2:
                fail(where, "expected `import <dialect>`")
            table.imports.append((words[1], where))
            op = None
        elif kw == "typeconstraint":
            if len(words) < 4:
                fail(where, "expected `typeconstraint Name \"summary\" predicate`")
            summary, i = parse_quoted(where, words, 2)
            c = {"name": words[1], "summary": summary, "pred": words[i], "build": None, "where": where,
                 "common": common, "class": None}
            for w in words[i + 1:]:
                if w.startswith("build="):
                    c["build"] = w[6:]
                elif w.startswith("class="):
                    c["class"] = w[6:]
                else:
                    fail(where, "unknown typeconstraint option '%s'" % w)
            table.type_constraints[words[1]] = c
            op = None
        elif kw == "attrconstraint":
            if len(words) < 4:
                fail(where, "expected `attrconstraint Name \"summary\" predicate`")
            summary, i = parse_quoted(where, words, 2)
            c = {"name": words[1], "summary": summary, "pred": words[i], "form": "full", "type": None,
                 "parse": None, "print": None, "pred2": None, "param": "0", "where": where, "common": common,
                 "enum": None}
            for w in words[i + 1:]:
                k, _, v = w.partition("=")
                if k in ("form", "type", "parse", "print", "pred2", "param") and v:
                    c[k] = v
                else:
                    fail(where, "unknown attrconstraint option '%s'" % w)
            if c["form"] not in ("full", "typed", "unit", "type", "symbol", "string", "custom"):
                fail(where, "unknown attribute form '%s'" % c["form"])
            if c["form"] == "typed" and c["type"] not in TYPED:
                fail(where, "form=typed needs type=%s" % "|".join(sorted(TYPED)))
            if c["form"] == "custom" and not (c["parse"] and c["print"]):
                fail(where, "form=custom needs parse= and print=")
            table.attr_constraints[words[1]] = c
            op = None
        elif kw == "enum":
            read_enum(where, words, table)
            op = None
        elif kw == "custom":
            if len(words) != 4:
                fail(where, "expected `custom <Name> <parse function> <print function>`")
            table.customs[words[1]] = (words[2], words[3])
            op = None
        elif kw == "op":
            if common:
                fail(where, "ops in the common table")
            if len(words) != 2 or not re.match(r"^[A-Za-z_][A-Za-z0-9_.]*$", words[1]):
                fail(where, "expected `op <name>`")
            op = {"name": words[1], "where": where, "keys": {}}
            table.ops.append(op)
        elif op is not None and re.match(r"^[a-z_]+:", text):
            key, _, value = text.partition(":")
            if key not in OP_KEYS:
                fail(where, "unknown op key '%s' (known: %s)" % (key, ", ".join(sorted(OP_KEYS))))
            if key in op["keys"]:
                fail(where, "'%s' given twice for op '%s'" % (key, op["name"]))
            op["keys"][key] = (value.strip(), where)
        else:
            fail(where, "unexpected line (not a block keyword, nor `key: value` inside an op)")


OP_KEYS = {"traits", "operands", "attrs", "results", "regions", "successors", "format", "verify", "fold",
           "canonicalize", "names", "effects", "memory_effects", "parse", "print", "infer", "relations", "summary",
           "successor_operands", "erase_successor_operand", "region_successors", "flags", "data"}

TYPED = {"i1": ("SPVK_TYPE_INTEGER", 1, "SPVK_INT_SIGNLESS"), "i32": ("SPVK_TYPE_INTEGER", 32, "SPVK_INT_SIGNLESS"),
         "i64": ("SPVK_TYPE_INTEGER", 64, "SPVK_INT_SIGNLESS"), "index": ("SPVK_TYPE_INDEX", 0, "0"),
         "f32": ("SPVK_TYPE_FLOAT", 32, "SPVK_FLOAT_IEEE"), "f64": ("SPVK_TYPE_FLOAT", 64, "SPVK_FLOAT_IEEE")}


def read_enum(where, words, table):
    # enum Name [bit] storage [mnemonic] ["summary"] [sep=|] [kind=N] case=value...
    if len(words) < 3:
        fail(where, "expected `enum Name [bit] i32|i64|attr <mnemonic>|bare <mnemonic> case=value...`")
    e = {"name": words[1], "bit": False, "mnemonic": None, "summary": None, "sep": None, "kind": None,
         "cases": [], "where": where, "imported": None}
    i = 2
    if words[i] == "bit":
        e["bit"] = True
        i += 1
    if i >= len(words) or words[i] not in ("i32", "i64", "attr", "bare"):
        fail(where, "enum storage must be i32, i64, attr <mnemonic> or bare <mnemonic>")
    e["storage"] = words[i]
    i += 1
    if e["storage"] in ("attr", "bare"):
        if i >= len(words) or "=" in words[i] or words[i].startswith('"'):
            fail(where, "enum storage '%s' needs a mnemonic" % e["storage"])
        e["mnemonic"] = words[i]
        i += 1
    for w in words[i:]:
        if w.startswith('"'):
            e["summary"] = w.strip('"')
        elif w.startswith("sep="):
            # sep=", " (quoted: a separator with a space, as arith's overflow flags print)
            e["sep"] = w[4:]
            if len(e["sep"]) >= 2 and e["sep"][0] == e["sep"][-1] == '"':
                e["sep"] = e["sep"][1:-1]
            if not e["sep"].strip():
                fail(where, "enum separator must hold a punctuation character")
        elif w.startswith("kind="):
            e["kind"] = w[5:]
        elif "=" in w:
            name, _, value = w.partition("=")
            try:
                v = int(value, 0)
            except ValueError:
                fail(where, "enum case '%s' has a bad value '%s'" % (name, value))
            e["cases"].append((name, v))
        else:
            fail(where, "expected case=value, got '%s'" % w)
    if not e["cases"]:
        fail(where, "enum '%s' has no cases" % e["name"])
    if e["name"] in table.enums:
        fail(where, "enum '%s' defined twice" % e["name"])
    table.enums[e["name"]] = e
    table.enum_order.append(e["name"])


# ------------------------------------------------------------------------------------------------
# Ops
# ------------------------------------------------------------------------------------------------

TRAITS = {
    "Commutative": "SPVK_TRAIT_COMMUTATIVE", "Idempotent": "SPVK_TRAIT_IDEMPOTENT",
    "Involution": "SPVK_TRAIT_INVOLUTION", "SameOperandsAndResultType": "SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE",
    "SameTypeOperands": "SPVK_TRAIT_SAME_TYPE_OPERANDS", "Elementwise": "SPVK_TRAIT_ELEMENTWISE",
    "Terminator": "SPVK_TRAIT_TERMINATOR", "ReturnLike": "SPVK_TRAIT_RETURN_LIKE",
    "IsolatedFromAbove": "SPVK_TRAIT_ISOLATED_FROM_ABOVE", "Symbol": "SPVK_TRAIT_SYMBOL",
    "SymbolTable": "SPVK_TRAIT_SYMBOL_TABLE", "NoTerminator": "SPVK_TRAIT_NO_TERMINATOR",
    "SingleBlock": "SPVK_TRAIT_SINGLE_BLOCK", "RecursiveMemoryEffects": "SPVK_TRAIT_RECURSIVE_EFFECTS",
    "ConstantLike": "SPVK_TRAIT_CONSTANT_LIKE", "FunctionOpInterface": "SPVK_TRAIT_FUNCTION_LIKE",
    "CallOpInterface": "SPVK_TRAIT_CALL", "BranchOpInterface": "SPVK_TRAIT_BRANCH",
    "RegionBranchOpInterface": "SPVK_TRAIT_REGION_BRANCH",
    "AutomaticAllocationScope": "SPVK_TRAIT_AUTOMATIC_ALLOCATION_SCOPE",
    "AttrSizedOperandSegments": "SPVK_TRAIT_ATTR_SIZED_OPERANDS",
    "AttrSizedResultSegments": "SPVK_TRAIT_ATTR_SIZED_RESULTS",
    "GraphRegion": "SPVK_TRAIT_GRAPH_REGION",
}
EFFECTS = {"MemRead": "SPVK_EFFECT_READ", "MemWrite": "SPVK_EFFECT_WRITE", "MemAlloc": "SPVK_EFFECT_ALLOCATE",
           "MemFree": "SPVK_EFFECT_FREE", "Read": "SPVK_EFFECT_READ", "Write": "SPVK_EFFECT_WRITE",
           "Alloc": "SPVK_EFFECT_ALLOCATE", "Free": "SPVK_EFFECT_FREE"}
# MLIR traits and interfaces spvkit has nothing to do with (yet): accepted and ignored.
IGNORED_TRAITS = {"AlwaysSpeculatable", "ConditionallySpeculatable", "InferTypeOpInterface",
                  "SameOperandsAndResultShape", "SameOperandsAndResultElementType", "SameOperandsShape",
                  "SameOperandsElementType", "Scalarizable", "Vectorizable", "Tensorizable", "OpAsmOpInterface",
                  "MemoryEffectOpInterface", "ZeroRegions", "OneRegion", "ZeroResults", "OneResult",
                  "ZeroSuccessors", "ZeroOperands", "NoRegionArguments", "AffineScope", "SymbolUserOpInterface",
                  "InferIntRangeInterface", "CastOpInterface", "ResultsBroadcastableShape", "OpaqueOpInterface",
                  "HasRecursiveMemoryEffects", "InferTypeOpAdaptor", "RecursivelySpeculatable", "HasParallelRegion"}


def parse_arity(where, text, what):
    m = re.match(r"^(Variadic|Optional)<(.+)>$", text)
    if m:
        return ("variadic" if m.group(1) == "Variadic" else "optional"), m.group(2).strip()
    return "single", text


def parse_values(where, text, table, what):
    out = []
    for item in split_top(text):
        name, sep, c = item.partition(":")
        if not sep or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name):
            fail(where, "expected name:Constraint in %s, got '%s'" % (what, item))
        arity, cname = parse_arity(where, c.strip(), what)
        if cname not in table.type_constraints:
            fail(where, "unknown type constraint '%s' for %s '%s' (declare it with `typeconstraint`)" %
                 (cname, what, name))
        out.append({"name": name, "constraint": cname, "arity": arity})
    return out


def enum_constraint(table, ename):
    """The attribute constraint of an enum (made on first use)."""
    key = "enum:" + ename
    if key in table.attr_constraints:
        return key
    e = table.enums[ename]
    if e["summary"]:
        summary = e["summary"]
    elif e["storage"] in ("i32", "i64"):
        bits = "32" if e["storage"] == "i32" else "64"
        summary = "allowed %s-bit signless integer cases: %s" % (bits, ", ".join(str(v) for _, v in e["cases"]))
    else:
        summary = "%s attribute" % ename
    table.attr_constraints[key] = {"name": ename, "summary": summary, "pred": "-", "form": "enum", "type": None,
                                   "parse": None, "print": None, "pred2": None, "param": "0", "enum": ename,
                                   "common": False, "where": e["where"]}
    return key


def parse_attrs(where, text, table):
    out = []
    for item in split_top(text):
        name, sep, c = item.partition(":")
        if not sep or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name):
            fail(where, "expected name:Constraint in attrs, got '%s'" % item)
        c = c.strip()
        kind, default = "required", None
        m = re.match(r"^OptionalAttr<(.+)>$", c)
        if m:
            kind, c = "optional", m.group(1).strip()
        m = re.match(r"^(DefaultValuedAttr|DefaultValuedOptionalAttr)<(.+)>$", c)
        if m:
            parts = split_top(m.group(2), ",")
            if len(parts) != 2:
                fail(where, "%s<Constraint, default> for '%s'" % (m.group(1), name))
            kind = "default" if m.group(1) == "DefaultValuedAttr" else "default_optional"
            c, default = parts[0].strip(), parts[1].strip().strip('"')
        m = re.match(r"^TypeAttrOf<(.+)>$", c)
        if m:
            c = "TypeAttr"
        if c == "UnitAttr":
            kind = "optional"
        if c in table.enums:
            key = enum_constraint(table, c)
        elif c in table.attr_constraints:
            key = c
        else:
            fail(where, "unknown attribute constraint '%s' for '%s' (declare it with `attrconstraint` or `enum`)" %
                 (c, name))
        if default is not None:
            ac = table.attr_constraints[key]
            if ac["form"] == "enum":
                e = table.enums[ac["enum"]]
                names = {n for n, _ in e["cases"]}
                for part in default.split((e["sep"] or ",").strip()):
                    if part.strip() not in names:
                        fail(where, "default '%s' of '%s' is no case of %s" % (default, name, e["name"]))
        out.append({"name": name, "constraint": key, "kind": kind, "default": default})
    return out


def parse_regions(where, text):
    out = []
    for item in split_top(text):
        name, sep, c = item.partition(":")
        if not sep:
            fail(where, "expected name:Region in regions, got '%s'" % item)
        c = c.strip()
        m = re.match(r"^(?:Min|Max)?SizedRegion<(\d+)>$", c)
        if c == "AnyRegion":
            out.append({"name": name, "kind": "any", "blocks": 0})
        elif m and c.startswith("SizedRegion"):
            out.append({"name": name, "kind": "sized", "blocks": int(m.group(1))})
        elif re.match(r"^VariadicRegion<.+>$", c):
            out.append({"name": name, "kind": "variadic", "blocks": 0})
        elif m:
            out.append({"name": name, "kind": "any", "blocks": 0})
        else:
            fail(where, "unknown region constraint '%s'" % c)
    for r in out[:-1]:
        if r["kind"] == "variadic":
            fail(where, "a variadic region must come last")
    return out


def parse_successors(where, text):
    out = []
    for item in split_top(text):
        name, sep, c = item.partition(":")
        c = c.strip()
        if not sep or c not in ("AnySuccessor", "Variadic<AnySuccessor>"):
            fail(where, "expected name:AnySuccessor or name:Variadic<AnySuccessor>, got '%s'" % item)
        out.append({"name": name, "variadic": c != "AnySuccessor"})
    return out


# ------------------------------------------------------------------------------------------------
# Formats
# ------------------------------------------------------------------------------------------------

DIRECTIVES = ("attr-dict-with-keyword", "attr-dict", "prop-dict", "functional-type", "qualified", "type", "operands",
              "results", "regions", "successors", "custom", "ref", "oilist")


def lex_format(where, text):
    toks, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "`":
            j = text.find("`", i + 1)
            if j < 0:
                fail(where, "unterminated literal in format")
            toks.append(("lit", text[i + 1:j]))
            i = j + 1
        elif ch == "$":
            m = re.match(r"\$([A-Za-z_][A-Za-z0-9_]*)", text[i:])
            if not m:
                fail(where, "expected a name after '$' in format")
            toks.append(("var", m.group(1)))
            i += len(m.group(0))
        elif ch in "()^?:,<>":
            toks.append((ch, ch))
            i += 1
        else:
            m = re.match(r"[A-Za-z_][A-Za-z0-9_-]*", text[i:])
            if not m:
                fail(where, "unexpected '%s' in format" % ch)
            word = m.group(0)
            if word not in DIRECTIVES:
                # custom<Name>: the name after '<'
                if toks and toks[-1] == ("<", "<") and len(toks) >= 2 and toks[-2] == ("dir", "custom"):
                    toks.append(("name", word))
                else:
                    fail(where, "unknown format directive '%s'" % word)
            else:
                toks.append(("dir", word))
            i += len(word)
    return toks


class FormatParser:
    def __init__(self, where, toks):
        self.where, self.toks, self.i = where, toks, 0

    def peek(self, k=0):
        return self.toks[self.i + k] if self.i + k < len(self.toks) else (None, None)

    def take(self, kind=None, value=None):
        t = self.peek()
        if t[0] is None or (kind and t[0] != kind) or (value and t[1] != value):
            fail(self.where, "format: expected %s, got %s" % (value or kind, t[1] if t[1] is not None else "the end"))
        self.i += 1
        return t

    def elements(self, stop):
        out = []
        while self.peek()[0] is not None and self.peek()[0] not in stop:
            out.append(self.element())
        return out

    def element(self):
        t = self.peek()
        if t[0] == "lit":
            self.i += 1
            return {"k": "lit", "text": t[1]}
        if t[0] == "var":
            self.i += 1
            e = {"k": "var", "name": t[1]}
            if self.peek()[0] == "^":
                self.i += 1
                e["anchor"] = True
            return e
        if t[0] == "(":
            self.i += 1
            then = self.elements((")",))
            self.take(")")
            els = None
            if self.peek()[0] == ":":
                self.i += 1
                self.take("(")
                els = self.elements((")",))
                self.take(")")
            self.take("?")
            if not then:
                fail(self.where, "format: an empty optional group")
            return {"k": "group", "then": then, "else": els}
        if t[0] == "dir":
            self.i += 1
            d = t[1]
            if d in ("attr-dict", "attr-dict-with-keyword", "prop-dict", "operands", "results", "regions",
                     "successors"):
                e = {"k": d}
            elif d in ("type", "qualified", "ref"):
                self.take("(")
                inner = self.element()
                self.take(")")
                if d == "qualified":
                    if inner["k"] != "type":
                        inner = dict(inner)
                    inner["qualified"] = True
                    e = inner
                elif d == "ref":
                    e = dict(inner)
                    e["ref"] = True
                else:
                    if inner["k"] not in ("var", "operands", "results"):
                        fail(self.where, "format: type(...) takes $name, operands or results")
                    e = {"k": "type", "of": inner}
            elif d == "functional-type":
                self.take("(")
                a = self.element()
                self.take(",")
                b = self.element()
                self.take(")")
                e = {"k": "functional", "a": a, "b": b}
            elif d == "custom":
                self.take("<")
                name = self.take("name")[1]
                self.take(">")
                self.take("(")
                args = []
                while self.peek()[0] != ")":
                    args.append(self.element())
                    if self.peek()[0] == ",":
                        self.i += 1
                self.take(")")
                e = {"k": "custom", "name": name, "args": args}
            else:
                fail(self.where, "format: the '%s' directive is not supported" % d)
            if self.peek()[0] == "^":
                self.i += 1
                e["anchor"] = True
            return e
        fail(self.where, "format: unexpected '%s'" % t[1])


def should_space_before_literal(value, last_punct):
    if len(value) != 1 and value != "->":
        return True
    if last_punct:
        return value[0] not in ">)}],"
    return value[0] not in "<>(){}[],"


class OpGen:
    """Resolves one op into what the C description needs."""

    def __init__(self, table, op, dialect):
        self.table, self.op, self.dialect = table, op, dialect
        keys = op["keys"]
        self.where = op["where"]
        self.full = op["name"] if "." in op["name"] and op["name"].split(".")[0] == dialect and False else \
            "%s.%s" % (dialect, op["name"])
        self.ident = re.sub(r"[^A-Za-z0-9_]", "_", op["name"])
        g = lambda k: keys[k] if k in keys else ("", self.where)
        self.operands = parse_values(g("operands")[1], g("operands")[0], table, "operands")
        self.results = parse_values(g("results")[1], g("results")[0], table, "results")
        self.attrs = parse_attrs(g("attrs")[1], g("attrs")[0], table)
        self.regions = parse_regions(g("regions")[1], g("regions")[0])
        self.successors = parse_successors(g("successors")[1], g("successors")[0])
        names = [v["name"] for v in self.operands + self.results + self.regions + self.successors] + \
            [a["name"] for a in self.attrs]
        for n in names:
            if names.count(n) > 1:
                fail(self.where, "'%s' names two things of op '%s'" % (n, op["name"]))
        self.traits, self.effects, self.parents, self.implicit_term = [], [], [], None
        self.relations = []
        self.same_variadic = []
        self.read_traits(g("traits"))
        self.read_relations(g("relations"))
        if "effects" in keys:
            for w in keys["effects"][0].split():
                if w not in EFFECTS:
                    fail(keys["effects"][1], "unknown effect '%s' (Read, Write, Alloc, Free)" % w)
                self.effects.append(EFFECTS[w])
        variadic = [v for v in self.operands if v["arity"] != "single"]
        if len(variadic) > 1 and "SPVK_TRAIT_ATTR_SIZED_OPERANDS" not in self.traits and \
                "SPVK_ODS_OP_SAME_VARIADIC_OPERANDS" not in self.same_variadic:
            fail(self.where, "op '%s' has %d variable-length operand groups: it needs AttrSizedOperandSegments" %
                 (op["name"], len(variadic)))
        rvariadic = [v for v in self.results if v["arity"] != "single"]
        if len(rvariadic) > 1 and "SPVK_TRAIT_ATTR_SIZED_RESULTS" not in self.traits and \
                "SPVK_ODS_OP_SAME_VARIADIC_RESULTS" not in self.same_variadic:
            fail(self.where, "op '%s' has %d variable-length result groups: it needs AttrSizedResultSegments" %
                 (op["name"], len(rvariadic)))
        for what, lst in (("operand", self.operands), ("result", self.results), ("attribute", self.attrs)):
            if len(lst) > 32:
                fail(self.where, "op '%s' has more than 32 %s groups" % (op["name"], what))
        self.flags = list(self.same_variadic)
        if "flags" in keys:
            for w in keys["flags"][0].split():
                m = {"fallback": "SPVK_ODS_OP_FALLBACK", "no-ods-verify": "SPVK_ODS_OP_NO_ODS_VERIFY",
                     "call-indirect": "SPVK_ODS_OP_CALL_INDIRECT"}
                if w not in m:
                    fail(keys["flags"][1], "unknown flag '%s' (fallback, no-ods-verify, call-indirect)" % w)
                self.flags.append(m[w])
        self.hooks = {}
        for k in ("verify", "fold", "canonicalize", "parse", "print", "infer", "memory_effects", "successor_operands",
                  "erase_successor_operand", "region_successors", "data"):
            if k in keys:
                v = keys[k][0]
                if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", v):
                    fail(keys[k][1], "'%s' must name a C function, got '%s'" % (k, v))
                self.hooks[k] = v
        if ("parse" in self.hooks) != ("print" in self.hooks):
            fail(self.where, "op '%s': parse and print come together" % op["name"])
        self.result_names, self.result_name = None, None
        if "names" in keys:
            v = keys["names"][0]
            if v.startswith('"'):
                self.result_name = v.strip('"')
            else:
                self.result_names = v
        self.elements = None
        if "format" in keys:
            if "parse" in self.hooks:
                fail(keys["format"][1], "op '%s' has both a format and parse/print" % op["name"])
            self.build_format(keys["format"][0], keys["format"][1])

    # -- traits and relations --
    def read_traits(self, value):
        text, where = value
        for t in split_top(text):
            m = re.match(r"^(\w+)<(.*)>$", t)
            base, args = (m.group(1), [a.strip() for a in split_top(m.group(2), ",")]) if m else (t, [])
            if base == "DeclareOpInterfaceMethods" and args:
                # the interface with (some of) its methods written by hand: the interface itself
                t = base = args[0]
            if t in ("Pure", "NoMemoryEffect"):
                self.traits.append("SPVK_TRAIT_NO_SIDE_EFFECTS")
            elif t == "SameVariadicOperandSize":
                self.same_variadic.append("SPVK_ODS_OP_SAME_VARIADIC_OPERANDS")
            elif t == "SameVariadicResultSize":
                self.same_variadic.append("SPVK_ODS_OP_SAME_VARIADIC_RESULTS")
            elif t in TRAITS:
                self.traits.append(TRAITS[t])
            elif t in EFFECTS:
                self.effects.append(EFFECTS[t])
            elif base == "SingleBlockImplicitTerminator":
                self.traits.append("SPVK_TRAIT_SINGLE_BLOCK")
                self.implicit_term = args[0].strip('"') if args else None
            elif base in ("HasParent", "ParentOneOf"):
                if len(args) == 1 and args[0].startswith("[") and args[0].endswith("]"):
                    args = [a.strip() for a in split_top(args[0][1:-1], ",")]  # ParentOneOf<["a", "b"]>
                self.parents += [a.strip('"') for a in args]
            elif base in ("AllTypesMatch", "TypesMatchWith"):
                self.read_relation(where, t)
            elif t in IGNORED_TRAITS or t.endswith("Interface") or \
                    base.endswith("Interface"):
                pass
            else:
                fail(where, "unknown trait '%s' of op '%s'" % (t, self.op["name"]))

    def read_relations(self, value):
        text, where = value
        for t in split_top(text):
            self.read_relation(where, t)

    def ref_of(self, where, name):
        for i, v in enumerate(self.operands):
            if v["name"] == name:
                return ("operand", i)
        for i, v in enumerate(self.results):
            if v["name"] == name:
                return ("result", i)
        for i, a in enumerate(self.attrs):
            if a["name"] == name:
                return ("attr", i)
        fail(where, "'%s' is no operand, result or attribute of op '%s'" % (name, self.op["name"]))

    def read_relation(self, where, t):
        m = re.match(r"^(AllTypesMatch|TypesMatchWith)<(.*)>$", t)
        if not m:
            fail(where, "unknown relation '%s' (AllTypesMatch<...> or TypesMatchWith<target, source, transform>)" % t)
        args = [a.strip() for a in split_top(m.group(2), ",")]
        if len(args) == 1 and args[0].startswith("[") and args[0].endswith("]"):
            args = [a.strip() for a in split_top(args[0][1:-1], ",")]  # MLIR's AllTypesMatch<["a", "b"]>
        if m.group(1) == "AllTypesMatch":
            args = [a.strip('[]"') for a in args]
            if len(args) < 2 or len(args) > 6:
                fail(where, "AllTypesMatch needs 2 to 6 names")
            refs = [self.ref_of(where, a) for a in args]
            self.relations.append({"kind": "all", "refs": refs, "names": args, "transform": None,
                                   "text": "all of {%s} have same type" % ", ".join(args)})
        else:
            if len(args) not in (3, 4):
                fail(where, "TypesMatchWith<target, source, transform[, \"summary\"]>")
            target, source, transform = args[0], args[1], args[2]
            fn = {"i1_like": "spvk_ods_i1_like", "element_type": "spvk_ods_element_type",
                  "identity": "spvk_ods_identity"}.get(transform, transform)
            if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", fn):
                fail(where, "TypesMatchWith's transform must name a C function")
            summary = args[3].strip('"') if len(args) == 4 else "%s type matches %s" % (target, source)
            self.relations.append({"kind": "with", "refs": [self.ref_of(where, target), self.ref_of(where, source)],
                                   "names": [target, source], "transform": fn, "text": summary})

    # -- formats --
    def find_var(self, where, name):
        for i, v in enumerate(self.operands):
            if v["name"] == name:
                return ("operand", i)
        for i, a in enumerate(self.attrs):
            if a["name"] == name:
                return ("attr", i)
        for i, v in enumerate(self.results):
            if v["name"] == name:
                return ("result", i)
        for i, r in enumerate(self.regions):
            if r["name"] == name:
                return ("region", i)
        for i, s in enumerate(self.successors):
            if s["name"] == name:
                return ("successor", i)
        fail(where, "format: '$%s' is no operand, attribute, result, region or successor of op '%s'" %
             (name, self.op["name"]))

    def attr_form(self, i):
        return self.table.attr_constraints[self.attrs[i]["constraint"]]["form"]

    def build_format(self, text, where):
        tree = FormatParser(where, lex_format(where, text)).elements(())
        self.flat = []
        self.seen_operand_types, self.seen_result_types = set(), set()
        self.all_operand_types = self.all_result_types = False
        self.seen_attrs, self.seen_operands, self.seen_regions, self.seen_successors = set(), set(), set(), set()
        self.all_operands = self.has_attr_dict = False
        self.state = [True, False]  # shouldEmitSpace, lastWasPunctuation
        self.emit_list(where, tree, in_group=None)
        if not self.has_attr_dict:
            fail(where, "format of op '%s': 'attr-dict' directive not found" % self.op["name"])
        for i, v in enumerate(self.operands):
            if not self.all_operands and i not in self.seen_operands:
                fail(where, "format of op '%s': operand #%d, named '%s', not found" % (self.op["name"], i, v["name"]))
        for i, r in enumerate(self.regions):
            if i not in self.seen_regions and not getattr(self, "all_regions", False):
                fail(where, "format of op '%s': region #%d, named '%s', not found" % (self.op["name"], i, r["name"]))
        for i, s in enumerate(self.successors):
            if i not in self.seen_successors and not getattr(self, "all_successors", False):
                fail(where, "format of op '%s': successor #%d, named '%s', not found" %
                     (self.op["name"], i, s["name"]))
        self.resolve_types(where)
        self.elements = self.flat

    def space_flag(self, kind, text=None):
        """MLIR's genElementPrinter/genLiteralPrinter state machine: is a space printed before?"""
        should, last = self.state
        if kind == "lit":
            if text == " ":
                self.state = [False, False]
                return False
            if text == "":
                self.state = [False, True]
                return False
            space = should and should_space_before_literal(text, last)
            self.state = [not (len(text) == 1 and text[0] in "<({["), text[0] != "_" and not text[0].isalpha()]
            return space
        if kind == "attr-dict":
            self.state = [should, False]
            return False
        space = should or not last
        self.state = [True, False]
        return space

    def add(self, el):
        self.flat.append(el)
        return len(self.flat) - 1

    def emit_list(self, where, items, in_group):
        for it in items:
            self.emit(where, it, in_group)

    def emit(self, where, it, group, custom=False):
        k = it["k"]
        el = {"kind": None, "flags": [], "ref": "0", "ref2": "0", "index": 0, "index2": 0, "end": 0, "else_end": 0,
              "anchor": -1, "text": None, "custom": None, "src": it}
        if it.get("anchor"):
            el["flags"].append("SPVK_ODS_ANCHOR")
        if k == "lit":
            text = it["text"]
            if text == "\\n":
                # `\n`: a newline when printing (MLIR's printNewline), nothing when parsing; the
                # printer's spacing state is left as it was, as MLIR's generator leaves it
                el["kind"] = "SPVK_ODS_EL_LITERAL"
                el["text"] = "\n"
                return self.add(el)
            if text not in ("", " ") and not re.match(r"^([A-Za-z_][A-Za-z0-9_.$-]*|->|::|\.\.\.|[()\[\]{}<>,:=*?+|-])$",
                                                     text):
                fail(where, "format: '%s' is not a valid literal" % text)
            el["kind"] = "SPVK_ODS_EL_LITERAL"
            el["text"] = text
            if not custom and self.space_flag("lit", text):
                el["flags"].append("SPVK_ODS_SPACE_BEFORE")
            if text and (text[0].isalpha() or text[0] == "_"):
                el["flags"].append("SPVK_ODS_KEYWORD")
            return self.add(el)
        if k == "group":
            gi = self.add(el)
            el["kind"] = "SPVK_ODS_EL_GROUP"
            then = it["then"]
            # the anchor
            anchors = [x for x in then if x.get("anchor")]
            if len(anchors) != 1:
                fail(where, "format: an optional group needs exactly one anchor (^), found %d" % len(anchors))
            # MLIR skips whitespace literals to find the group's first element
            firsts = [x for x in then if not (x["k"] == "lit" and x["text"] in ("", " ", "\\n"))]
            if not firsts:
                fail(where, "format: an optional group of whitespace only")
            first = firsts[0]
            if first["k"] == "custom":
                fail(where, "format: an optional group starting with custom<...> is not supported")
            anchor = anchors[0]
            elided = None
            if anchor["k"] == "var":
                kind, idx = self.find_var(where, anchor["name"])
                if kind == "attr" and self.attr_form(idx) == "unit" and anchor is not first:
                    elided = anchor
                if kind == "attr" and self.attr_form(idx) == "unit" and anchor is first:
                    fail(where, "format: a unit attribute first in its group is not supported")
            for x in then:
                if x is elided:
                    # parsing sets it from the group's presence; printing writes nothing
                    idx = self.find_var(where, x["name"])[1]
                    self.seen_attrs.add(idx)
                    ai = self.add({"kind": "SPVK_ODS_EL_ATTR", "flags": ["SPVK_ODS_ANCHOR"], "ref": "0", "ref2": "0",
                                   "index": idx, "index2": 0, "end": 0, "else_end": 0, "anchor": -1, "text": None,
                                   "custom": None, "src": x, "elided": True})
                    el["anchor"] = ai
                    continue
                xi = self.emit(where, x, gi)
                if x is anchor:
                    el["anchor"] = xi
            el["end"] = len(self.flat)
            if it["else"] is not None:
                el["flags"].append("SPVK_ODS_ELSE")
                self.emit_list(where, it["else"], gi)
            el["else_end"] = len(self.flat)
            return gi
        if k in ("attr-dict", "attr-dict-with-keyword"):
            self.has_attr_dict = True
            el["kind"] = "SPVK_ODS_EL_ATTR_DICT" if k == "attr-dict" else "SPVK_ODS_EL_ATTR_DICT_KW"
            if not custom:
                self.space_flag("attr-dict")
            return self.add(el)
        if k == "prop-dict":
            el["kind"] = "SPVK_ODS_EL_PROP_DICT"
        elif k == "var":
            kind, idx = self.find_var(where, it["name"])
            el["index"] = idx
            if kind == "operand":
                el["kind"] = "SPVK_ODS_EL_OPERAND"
                if not it.get("ref"):
                    self.seen_operands.add(idx)
            elif kind == "attr":
                el["kind"] = "SPVK_ODS_EL_ATTR"
                self.seen_attrs.add(idx)
            elif kind == "region":
                el["kind"] = "SPVK_ODS_EL_REGION"
                self.seen_regions.add(idx)
            elif kind == "successor":
                el["kind"] = "SPVK_ODS_EL_SUCCESSOR"
                self.seen_successors.add(idx)
            else:
                fail(where, "format: result '$%s' can only appear in type(...)" % it["name"])
        elif k == "operands":
            el["kind"] = "SPVK_ODS_EL_OPERANDS"
            self.all_operands = True
        elif k == "regions":
            el["kind"] = "SPVK_ODS_EL_REGIONS"
            self.all_regions = True
        elif k == "successors":
            el["kind"] = "SPVK_ODS_EL_SUCCESSORS"
            self.all_successors = True
        elif k == "results":
            fail(where, "format: 'results' only inside type(...) or functional-type(...)")
        elif k == "type":
            el["kind"] = "SPVK_ODS_EL_TYPE"
            el["ref"], el["index"] = self.type_ref(where, it["of"])
            if it.get("qualified"):
                el["flags"].append("SPVK_ODS_QUALIFIED")
        elif k == "functional":
            el["kind"] = "SPVK_ODS_EL_FUNCTIONAL"
            el["ref"], el["index"] = self.type_ref(where, it["a"])
            el["ref2"], el["index2"] = self.type_ref(where, it["b"])
        elif k == "custom":
            name = it["name"]
            if name not in self.table.customs:
                fail(where, "format: custom<%s> is not declared (add `custom %s <parse fn> <print fn>`)" %
                     (name, name))
            el["kind"] = "SPVK_ODS_EL_CUSTOM"
            el["text"] = name
            el["custom"] = self.table.customs[name]
        else:
            fail(where, "format: unsupported element '%s'" % k)
        if not custom and self.space_flag("other"):
            el["flags"].append("SPVK_ODS_SPACE_BEFORE")
        i = self.add(el)
        if k == "custom":
            for a in it["args"]:
                if a["k"] not in ("var", "type", "attr-dict", "lit"):
                    fail(where, "format: custom<%s> takes $vars, type(...), ref(...) and attr-dict" % it["name"])
                self.emit(where, a, None, custom=True)
            el["end"] = len(self.flat)
        return i

    def type_ref(self, where, of):
        if of["k"] == "operands":
            self.all_operand_types = True
            return "SPVK_ODS_REF_OPERANDS", 0
        if of["k"] == "results":
            self.all_result_types = True
            return "SPVK_ODS_REF_RESULTS", 0
        if of["k"] != "var":
            fail(where, "format: type(...) takes $name, operands or results")
        kind, idx = self.find_var(where, of["name"])
        if kind == "operand":
            if not of.get("ref"):
                self.seen_operand_types.add(idx)
            return "SPVK_ODS_REF_OPERAND", idx
        if kind == "result":
            if not of.get("ref"):
                self.seen_result_types.add(idx)
            return "SPVK_ODS_REF_RESULT", idx
        fail(where, "format: type($%s): not an operand or result" % of["name"])

    def resolve_types(self, where):
        """MLIR's OpFormatParser::verify: where does each type the format leaves out come from?"""
        resolver = {}  # ("operand"|"result", i) -> (kind, source, transform)

        def seen(ref):
            kind, i = ref
            if kind == "operand":
                return self.all_operand_types or i in self.seen_operand_types
            if kind == "result":
                return self.all_result_types or i in self.seen_result_types
            return i in self.seen_attrs

        def src_of(ref):
            kind, i = ref
            if kind == "attr":
                return ("SPVK_ODS_FROM_ATTR", str(i))
            return ("SPVK_ODS_FROM_VALUE", str(i) if kind == "operand" else "SPVK_ODS_RESULT(%d)" % i)

        for r in self.relations:
            if r["kind"] == "all":
                for j, ref in enumerate(r["refs"]):
                    if not seen(ref):
                        continue
                    kind, src = src_of(ref)
                    for k2, other in enumerate(r["refs"]):
                        if k2 != j:
                            resolver[other] = (kind, src, None)
            elif "SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE" in self.traits and False:
                pass
            else:
                target, source = r["refs"]
                if seen(source):
                    kind, src = src_of(source)
                    resolver[target] = (kind, src, r["transform"])
        same_all = "SPVK_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE" in self.traits
        same_ops = "SPVK_TRAIT_SAME_TYPE_OPERANDS" in self.traits
        if same_all or same_ops:
            first = None
            for i in range(len(self.operands)):
                if seen(("operand", i)):
                    first = ("operand", i)
                    break
            if first is None and same_all:
                for i in range(len(self.results)):
                    if seen(("result", i)):
                        first = ("result", i)
                        break
            if first is not None:
                kind, src = src_of(first)
                for i in range(len(self.operands)):
                    if not seen(("operand", i)):
                        resolver[("operand", i)] = (kind, src, None)
                if same_all:
                    for i in range(len(self.results)):
                        if not seen(("result", i)):
                            resolver[("result", i)] = (kind, src, None)
        infer = "infer" in self.hooks
        self.operand_resolvers, self.result_resolvers = [], []
        for what, lst, out in (("operand", self.operands, self.operand_resolvers),
                               ("result", self.results, self.result_resolvers)):
            for i, v in enumerate(lst):
                ref = (what, i)
                if seen(ref):
                    out.append(("SPVK_ODS_PRINTED", "0", None))
                elif ref in resolver:
                    out.append(resolver[ref])
                elif self.table.type_constraints[v["constraint"]]["build"] and (
                        v["arity"] == "single" or (what == "operand" and not self.all_operands)):
                    out.append(("SPVK_ODS_BUILD", "0", self.table.type_constraints[v["constraint"]]["build"]))
                elif infer:
                    out.append(("SPVK_ODS_INFERRED", "0", None))
                else:
                    fail(where, "format of op '%s': type of %s #%d, named '%s', is not buildable and a buildable "
                         "type cannot be inferred" % (self.op["name"], what, i, v["name"]))


# ------------------------------------------------------------------------------------------------
# Output
# ------------------------------------------------------------------------------------------------

def c_str(s):
    if s is None:
        return "NULL"
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def c_fn(name):
    return "NULL" if name in (None, "-") else name


def generate(table_path, table_label=None):
    table = Table()
    read_table(COMMON, table, common=True)
    read_table(table_path, table)
    if not table.dialect:
        raise TableError("%s:1: error: the table has no `dialect <name>` line" % table_path)
    d = table.dialect
    label = table_label or os.path.basename(table_path)
    # imported dialects' enums (their C objects live in their generated files)
    for name, where in table.imports:
        path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(table_path))), name, name + ".ops")
        if not os.path.exists(path):
            path = os.path.join(ROOT, "src", "dialects", name, name + ".ops")
        other = Table()
        try:
            read_table(path, other)
        except TableError as e:
            fail(where, "importing '%s': %s" % (name, e))
        for en in other.enum_order:
            e = dict(other.enums[en])
            e["imported"] = name
            table.enums[en] = e
            table.enum_order.append(en)
        for cn, c in other.type_constraints.items():
            table.type_constraints.setdefault(cn, c)
        for cn, c in other.attr_constraints.items():
            table.attr_constraints.setdefault(cn, c)
    gens = []
    seen = set()
    for op in table.ops:
        if op["name"] in seen:
            fail(op["where"], "op '%s' defined twice" % op["name"])
        seen.add(op["name"])
        gens.append(OpGen(table, op, d))
    gens.sort(key=lambda g: g.full)

    out = []
    w = out.append
    w("/* generated by tools/gen_dialect_ops.py from %s; do not edit */" % label)
    w('#include "spvkit/ir_ods.h"')
    for h in table.cincludes:
        w('#include "%s"' % h)
    w("")
    w("const spvk_ir_dialect *spvk_%s_dialect(void);" % d)
    w("extern const spvk_ods_dialect spvk_%s_ods;" % d)
    # enums
    local_enums = [e for e in table.enum_order if not table.enums[e]["imported"]]
    for en in table.enum_order:
        e = table.enums[en]
        if e["imported"]:
            w("extern const spvk_ods_enum spvk_%s_enum_%s;" % (e["imported"], en))
        else:
            w("extern const spvk_ods_enum spvk_%s_enum_%s;" % (d, en))
    w("")
    attr_kind = 0x100
    for en in local_enums:
        e = table.enums[en]
        cases = e["cases"]
        if e["bit"]:
            # several-bit cases first, as MLIR's stringify prints them
            cases = sorted(cases, key=lambda c: 0 if (c[1] and c[1] & (c[1] - 1)) else 1)
        w("static const spvk_ods_enum_case %s_cases[] = {" % en)
        for name, value in cases:
            w("    {%s, %d}," % (c_str(name), value))
        w("};")
        storage = {"i32": "SPVK_ODS_ENUM_I32", "i64": "SPVK_ODS_ENUM_I64", "attr": "SPVK_ODS_ENUM_ATTR",
                   "bare": "SPVK_ODS_ENUM_BARE"}[e["storage"]]
        kind = e["kind"] if e["kind"] else str(attr_kind)
        if e["storage"] in ("attr", "bare") and not e["kind"]:
            attr_kind += 1
        dialect_fn = "spvk_%s_dialect" % d if e["storage"] in ("attr", "bare") else "NULL"
        w("const spvk_ods_enum spvk_%s_enum_%s = {%s, %s, %s, %s, %s, %s_cases, %d, %s, %s};" %
          (d, en, c_str(en), storage, "true" if e["bit"] else "false", c_str(e["mnemonic"]), c_str(e["sep"]), en,
           len(cases), dialect_fn, kind))
    if local_enums:
        w("")
    # constraints used
    used_tc, used_ac = [], []
    for g in gens:
        for v in g.operands + g.results:
            if v["constraint"] not in used_tc:
                used_tc.append(v["constraint"])
        for a in g.attrs:
            if a["constraint"] not in used_ac:
                used_ac.append(a["constraint"])
    tc_ident = {}
    for cn in sorted(used_tc):
        c = table.type_constraints[cn]
        ident = "tc_" + re.sub(r"[^A-Za-z0-9_]", "_", cn)
        tc_ident[cn] = ident
        w("static const spvk_ods_type_constraint %s = {%s, %s, %s, %s};" % (
            ident, c_str(cn), c_str(c["summary"]), c_fn(c["pred"]), c_fn(c["class"])))
    ac_ident = {}
    forms = {"full": "SPVK_ODS_ATTR_FULL", "typed": "SPVK_ODS_ATTR_TYPED", "unit": "SPVK_ODS_ATTR_UNIT",
             "type": "SPVK_ODS_ATTR_TYPE", "symbol": "SPVK_ODS_ATTR_SYMBOL_NAME", "enum": "SPVK_ODS_ATTR_ENUM",
             "string": "SPVK_ODS_ATTR_STRING", "custom": "SPVK_ODS_ATTR_CUSTOM"}
    for cn in sorted(used_ac):
        c = table.attr_constraints[cn]
        ident = "ac_" + re.sub(r"[^A-Za-z0-9_]", "_", cn)
        ac_ident[cn] = ident
        tk, tw, tf = TYPED.get(c["type"], ("0", 0, "0"))
        enum_ref = "NULL"
        if c["form"] == "enum":
            e = table.enums[c["enum"]]
            enum_ref = "&spvk_%s_enum_%s" % (e["imported"] or d, c["enum"])
        w("static const spvk_ods_attr_constraint %s = {%s, %s, %s, %s, %s, %s, %d, %s, %s, %s, %s, %s};" %
          (ident, c_str(c["name"]), c_str(c["summary"]), c_fn(c["pred"]), forms[c["form"]], tk, tf, tw, enum_ref,
           c_fn(c["parse"]), c_fn(c["print"]), c_fn(c["pred2"]), c["param"]))
    w("")
    # per op
    for g in gens:
        p = g.ident
        w("/* %s */" % g.full)
        if g.operands:
            w("static const spvk_ods_value %s_operands[] = {%s};" % (p, ", ".join(
                "{%s, &%s, %s}" % (c_str(v["name"]), tc_ident[v["constraint"]], ARITY[v["arity"]])
                for v in g.operands)))
        if g.results:
            w("static const spvk_ods_value %s_results[] = {%s};" % (p, ", ".join(
                "{%s, &%s, %s}" % (c_str(v["name"]), tc_ident[v["constraint"]], ARITY[v["arity"]])
                for v in g.results)))
        if g.attrs:
            w("static const spvk_ods_attr %s_attrs[] = {%s};" % (p, ", ".join(
                "{%s, &%s, %s, %s}" % (c_str(a["name"]), ac_ident[a["constraint"]], ATTR_KIND[a["kind"]],
                                       c_str(a["default"])) for a in g.attrs)))
        if g.regions:
            w("static const spvk_ods_region %s_regions[] = {%s};" % (p, ", ".join(
                "{%s, %s, %d}" % (c_str(r["name"]), REGION_KIND[r["kind"]], r["blocks"]) for r in g.regions)))
        if g.successors:
            w("static const spvk_ods_successor %s_successors[] = {%s};" % (p, ", ".join(
                "{%s, %s}" % (c_str(s["name"]), "true" if s["variadic"] else "false") for s in g.successors)))
        if g.relations:
            rel = []
            for r in g.relations:
                vals = []
                for kind, i in r["refs"]:
                    vals.append(str(i) if kind == "operand" else "SPVK_ODS_RESULT(%d)" % i if kind == "result"
                                else "SPVK_ODS_ATTR_REF(%d)" % i)
                rel.append("{%s, %d, {%s}, %s, %s}" % ("SPVK_ODS_ALL_TYPES_MATCH" if r["kind"] == "all"
                                                      else "SPVK_ODS_TYPES_MATCH_WITH", len(vals), ", ".join(vals),
                                                      c_fn(r["transform"]), c_str(r["text"])))
            g.relations_c = rel
            w("static const spvk_ods_relation %s_relations[] = {%s};" % (p, ", ".join(rel)))
        elided = sorted({g.attrs[i]["name"] for i in g.seen_attrs} if g.elements is not None else set())
        if "SPVK_TRAIT_ATTR_SIZED_OPERANDS" in g.traits:
            elided.append("operandSegmentSizes")
        if "SPVK_TRAIT_ATTR_SIZED_RESULTS" in g.traits:
            elided.append("resultSegmentSizes")
        g.num_elided = len(elided)
        if elided:
            w("static const char *const %s_elided[] = {%s};" % (p, ", ".join(c_str(x) for x in elided)))
        inherent = sorted([a["name"] for a in g.attrs] +
                          (["operandSegmentSizes"] if "SPVK_TRAIT_ATTR_SIZED_OPERANDS" in g.traits else []) +
                          (["resultSegmentSizes"] if "SPVK_TRAIT_ATTR_SIZED_RESULTS" in g.traits else []))
        g.num_inherent = len(inherent)
        if inherent:
            w("static const char *const %s_inherent[] = {%s};" % (p, ", ".join(c_str(x) for x in inherent)))
        if g.parents:
            w("static const char *const %s_parents[] = {%s};" % (p, ", ".join(c_str(x) for x in g.parents)))
        if g.elements is not None:
            w("static const spvk_ods_resolver %s_operand_resolvers[] = {%s};" % (p, ", ".join(
                "{%s, %s, %s}" % (k, s, c_fn(t)) for k, s, t in g.operand_resolvers) or "{0, 0, NULL}"))
            w("static const spvk_ods_resolver %s_result_resolvers[] = {%s};" % (p, ", ".join(
                "{%s, %s, %s}" % (k, s, c_fn(t)) for k, s, t in g.result_resolvers) or "{0, 0, NULL}"))
            w("static const spvk_ods_element %s_format[] = {" % p)
            for el in g.elements:
                flags = " | ".join(el["flags"]) or "0"
                text = el["text"]
                length = len(text) if text is not None and el["kind"] == "SPVK_ODS_EL_LITERAL" else 0
                cp, cpr = el["custom"] if el["custom"] else (None, None)
                w("    {%s, %s, %s, %s, %d, %d, %d, %d, %d, %d, %s, %s, %s}," %
                  (el["kind"], flags, el["ref"], el["ref2"], el["index"], el["index2"], el["end"], el["else_end"],
                   el["anchor"], length, c_str(text), c_fn(cp), c_fn(cpr)))
            w("};")
        w("")
    w("static const spvk_ods_op ops[] = {")
    for g in gens:
        p = g.ident
        traits = " | ".join(sorted(set(g.traits))) or "0"
        effects = " | ".join(sorted(set(g.effects)) + ["SPVK_EFFECT_KNOWN"]) if g.effects else "0"
        fields = [
            ".name = %s" % c_str(g.full),
            ".traits = %s" % traits,
            ".effects = %s" % effects,
            ".flags = %s" % (" | ".join(g.flags) or "0"),
            ".num_operands = %d" % len(g.operands), ".num_attrs = %d" % len(g.attrs),
            ".num_results = %d" % len(g.results), ".num_regions = %d" % len(g.regions),
            ".num_successors = %d" % len(g.successors), ".num_relations = %d" % len(g.relations),
            ".num_elements = %d" % (len(g.elements) if g.elements is not None else 0),
        ]
        if g.operands:
            fields.append(".operands = %s_operands" % p)
        if g.attrs:
            fields.append(".attrs = %s_attrs" % p)
        if g.results:
            fields.append(".results = %s_results" % p)
        if g.regions:
            fields.append(".regions = %s_regions" % p)
        if g.successors:
            fields.append(".successors = %s_successors" % p)
        if g.relations:
            fields.append(".relations = %s_relations" % p)
        if g.elements is not None:
            fields += [".operand_resolvers = %s_operand_resolvers" % p, ".result_resolvers = %s_result_resolvers" % p,
                       ".elements = %s_format" % p]
        if g.num_elided:
            fields += [".elided = %s_elided" % p, ".num_elided = %d" % g.num_elided]
        if g.num_inherent:
            fields += [".inherent = %s_inherent" % p, ".num_inherent = %d" % g.num_inherent]
        hook_fields = {"verify": "verify", "parse": "parse", "print": "print", "fold": "fold",
                       "canonicalize": "canonicalization_patterns", "infer": "infer",
                       "successor_operands": "successor_operands",
                       "erase_successor_operand": "erase_successor_operand", "region_successors": "region_successors",
                       "memory_effects": "memory_effects"}
        for k, f in hook_fields.items():
            if k in g.hooks:
                fields.append(".%s = %s" % (f, g.hooks[k]))
        if "data" in g.hooks:
            fields.append(".data = &%s" % g.hooks["data"])
        if g.result_names:
            fields.append(".result_names = %s" % g.result_names)
        if g.result_name:
            fields.append(".result_name = %s" % c_str(g.result_name))
        if g.parents:
            fields += [".parents = %s_parents" % p, ".num_parents = %d" % len(g.parents)]
        if g.implicit_term:
            fields.append(".implicit_terminator = %s" % c_str(g.implicit_term))
        w("    {%s}," % ", ".join(fields))
    if not gens:
        w("    {.name = NULL},")
    w("};")
    w("")
    if table.enum_order:
        w("static const spvk_ods_enum *const enums[] = {%s};" % ", ".join(
            "&spvk_%s_enum_%s" % (table.enums[e]["imported"] or d, e) for e in local_enums) if local_enums else
          "static const spvk_ods_enum *const enums[] = {NULL};")
    else:
        w("static const spvk_ods_enum *const enums[] = {NULL};")
    w("const spvk_ods_dialect spvk_%s_ods = {%s, ops, %d, enums, %d};" % (d, c_str(d), len(gens), len(local_enums)))
    return "\n".join(out) + "\n", table


ARITY = {"single": "SPVK_ODS_SINGLE", "optional": "SPVK_ODS_OPTIONAL", "variadic": "SPVK_ODS_VARIADIC"}
ATTR_KIND = {"required": "SPVK_ODS_REQUIRED", "optional": "SPVK_ODS_OPTIONAL_ATTR", "default": "SPVK_ODS_DEFAULT_VALUED",
             "default_optional": "SPVK_ODS_DEFAULT_OPTIONAL"}
REGION_KIND = {"any": "SPVK_ODS_ANY_REGION", "sized": "SPVK_ODS_SIZED_REGION", "variadic": "SPVK_ODS_VARIADIC_REGION"}


def output_path(table_path, table):
    return os.path.join(os.path.dirname(table_path), "%s_ops.c" % table.dialect)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tables", nargs="*")
    ap.add_argument("-o", "--output")
    ap.add_argument("--check", action="store_true", help="compare with the committed outputs instead of writing")
    ap.add_argument("--all", action="store_true", help="every src/dialects/*/*.ops and tests/ir/ods/*.ops")
    args = ap.parse_args(argv)
    tables = list(args.tables)
    if args.all:
        for base in (os.path.join(ROOT, "src", "dialects"),):
            for dname in sorted(os.listdir(base)):
                folder = os.path.join(base, dname)
                if os.path.isdir(folder):
                    tables += [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".ops")]
        tdir = os.path.join(ROOT, "tests", "ir", "ods")
        tables += [os.path.join(tdir, f) for f in sorted(os.listdir(tdir)) if f.endswith(".ops")]
    if not tables:
        ap.error("no table given")
    if args.output and len(tables) != 1:
        ap.error("-o takes one table")
    status = 0
    for t in tables:
        if args.check and not args.output:
            # a table whose dialect does not use the generated file yet: nothing to compare
            try:
                with open(t) as f:
                    m = re.search(r"^dialect\s+(\w+)", f.read(), re.M)
            except OSError:
                m = None
            if m and not os.path.exists(os.path.join(os.path.dirname(t), "%s_ops.c" % m.group(1))):
                print("%s: not generated yet, skipped" % os.path.relpath(t, ROOT), file=sys.stderr)
                continue
        try:
            text, table = generate(t)
        except TableError as e:
            print(str(e), file=sys.stderr)
            status = 1
            continue
        out = args.output or output_path(t, table)
        if args.check:
            try:
                with open(out) as f:
                    old = f.read()
            except OSError:
                old = None
            if old != text:
                print("%s is stale: run tools/gen_dialect_ops.py %s" % (out, os.path.relpath(t, ROOT)),
                      file=sys.stderr)
                status = 1
        else:
            try:
                with open(out) as f:
                    if f.read() == text:
                        continue
            except OSError:
                pass
            with open(out, "w") as f:
                f.write(text)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
