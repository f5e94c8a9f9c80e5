#!/usr/bin/env bash
# Which validator rule sites the case suite never reaches (a developer tool; not run by ctest).
#
#   tests/validate/rule_coverage.sh [BUILD_COV_DIR] [CASES_DIR]
#
# BUILD_COV_DIR (default build-cov) is a build configured for gcov coverage:
#   cmake -S . -B build-cov -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="--coverage -O0" -DBUILD_TESTING=ON
#   cmake --build build-cov -j2 --target spvkit
# CASES_DIR defaults to tests/validate/cases. The script deletes the validator's .gcda counters,
# runs tests/validate/run_cases.sh over CASES_DIR with BUILD_COV_DIR/spvkit (failures are shown but
# do not stop the measurement), runs gcov on each src/validate/*.c and prints, per file:
#   FILE: C/T val_error sites, C/T wrapper calls (NAME, ...)
#   FILE:LINE: RULE            one line per site never executed
# A site is a line holding a `val_error(` call (the first line of a multi-line call). The rule of
# many sites is computed (a rule table's c->rule, a snprintf'd OpenCL section), so a file also
# counts the calls of its reporting wrappers: a #define whose body calls val_error, or a static
# function of at most 12 lines, named *error* or *report*, that calls it (report(), cl_error()). Each wrapper call is one
# more precise site of the same rule; for those the RULE column shows the call's text.
# A site counts as executed when its line's gcov count (or, where the line has none, the next
# executable line of the statement) is non-zero. Exit 0; the numbers are the output.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build-cov}" && pwd) || exit 2
cases=${2:-$root/tests/validate/cases}
objdir=$(find "$build" -type d -path '*src/validate' -print -quit)
[ -n "$objdir" ] && ls "$objdir"/*.gcno >/dev/null 2>&1 ||
    { echo "no .gcno under $build: configure it with --coverage (see this script's header)" >&2; exit 2; }
find "$objdir" -name '*.gcda' -delete
"$root/tests/validate/run_cases.sh" "$build/spvkit" "$cases" | grep -v '^FAIL' >&2 ||
    echo "(some cases fail: run run_cases.sh for details)" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tot_s=0 tot_c=0
for src in "$root"/src/validate/*.c; do
    name=$(basename "$src")
    obj=$objdir/$name.o
    [ -f "$obj" ] || obj=$objdir/${name%.c}.o
    (cd "$work" && gcov -o "$obj" "$src" >/dev/null 2>&1)
    gc=$work/$name.gcov
    [ -f "$gc" ] || { echo "$name: no coverage data (not linked into spvkit?)"; continue; }
    # gcov lines are "COUNT:LINE:SOURCE"; COUNT is "-" (no code), "#####" (never run) or a number.
    awk -v file="$name" '
    function count_of(s,   c) { c = s; gsub(/[ *]/, "", c); return c }
    function strip(s) { sub(/^[ \t]+/, "", s); return s }
    # The third top-level argument of "a, b(c, d), RULE, ...".
    function third_arg(s,   i, ch, depth, arg, start) {
        depth = 0; arg = 1; start = 1
        for (i = 1; i <= length(s); i++) {
            ch = substr(s, i, 1)
            if (ch == "(") depth++
            else if (ch == ")") depth--
            else if (ch == "," && depth == 0) {
                if (arg == 3) break
                arg++; start = i + 1
            }
        }
        s = substr(s, start, i - start); gsub(/^[ \t]+|[ \t]+$/, "", s); return s
    }
    {
        c = $0; sub(/:.*/, "", c); c = count_of(c)
        rest = $0; sub(/^[^:]*:/, "", rest); ln = rest; sub(/:.*/, "", ln); ln += 0
        txt = rest; sub(/^[^:]*:/, "", txt)
        if (ln == 0) next
        n++; cnt[n] = c; line[n] = ln; text[n] = txt
    }
    END {
        # Wrappers: #define NAME(...) val_error(...), or a short static function calling val_error.
        for (k = 1; k <= n; k++) {
            t = text[k]
            if (t ~ /^#define [A-Za-z_][A-Za-z_0-9]*\(.*val_error\(/) {
                w = t; sub(/^#define /, "", w); sub(/\(.*/, "", w); wrap[w] = 1; continue
            }
            if (t ~ /^static [^;=]*[A-Za-z_][A-Za-z_0-9]*\(/ && t !~ /;[ \t]*$/) {
                fname = t; sub(/\(.*/, "", fname); sub(/.*[ *]/, "", fname)
                # find the body: from the next "{" at column 0 to the next "}" at column 0
                for (b = k; b <= n && text[b] !~ /^\{/; b++) if (text[b] ~ /;[ \t]*$/ && b > k) break
                if (b > n || text[b] !~ /^\{/) continue
                for (e = b; e <= n && text[e] !~ /^\}/; e++) ;
                if (e - b - 1 > 12 || fname !~ /error|report/) continue
                for (x = b; x < e; x++) if (text[x] ~ /val_error\(/) { wrap[fname] = 1; body_s[fname] = b; body_e[fname] = e }
            }
        }
        wl = ""; for (w in wrap) wl = wl (wl == "" ? "" : ", ") w
        for (k = 1; k <= n; k++) {
            t = strip(text[k])
            if (t ~ /^(\/\*|\*|\/\/)/ || t ~ /^#define/) continue
            kind = ""
            if (t ~ /val_error\(/ && t !~ /^bool val_error\(/) kind = "v"
            else for (w in wrap) if (t ~ ("(^|[^A-Za-z_0-9])" w "\\(") && t !~ ("^static ")) { kind = "w"; break }
            if (kind == "") continue
            # the count: this line, else the next executable line up to the end of the statement
            cc = cnt[k]
            for (x = k; cc == "-" && x < n && text[x] !~ /;[ \t]*$/; ) { x++; cc = cnt[x] }
            run = (cc != "-" && cc != "#####" && cc != "=====" && cc + 0 > 0)
            stmt = t
            for (x = k; x < n && text[x] !~ /;[ \t]*$/ && x - k < 4; ) { x++; stmt = stmt " " strip(text[x]) }
            if (kind == "v") {
                tv++; if (run) cv++
                r = stmt; sub(/.*val_error\(/, "", r)
                rule = third_arg(r)
                if (!run) miss = miss sprintf("  %s:%d: %s\n", file, line[k], rule)
            } else {
                tw++; if (run) cw++
                if (!run) miss = miss sprintf("  %s:%d: (wrapper) %s\n", file, line[k], substr(stmt, 1, 110))
            }
        }
        out = sprintf("%s: %d/%d val_error sites", file, cv, tv)
        if (tw) out = out sprintf(", %d/%d wrapper calls (%s)", cw, tw, wl)
        print out
        printf "%s", miss
        printf "TOTAL %d %d %d %d\n", cv, tv, cw, tw > "/dev/stderr"
    }' "$gc" 2>>"$work/totals"
done
awk '{ a += $2; b += $3; c += $4; d += $5 }
     END { printf "all files: %d/%d val_error sites, %d/%d wrapper calls\n", a, b, c, d }' "$work/totals"
