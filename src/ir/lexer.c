/* The MLIR text lexer (MLIR 19's Lexer.cpp grammar): identifiers with their sigils, numbers,
   strings, punctuation, `//` comments.

   The text is a counted span that need not end in a nul; every read checks the end. Tokens never
   span lines, so the lexer keeps the line number and line start of its position as it skips
   whitespace, and a token's line and column cost nothing to compute. */
#include <string.h>

#include "text_internal.h"

void ir_lexer_init(ir_lexer *lx, const char *text, size_t length)
{
    lx->begin = text;
    lx->end = text + length;
    lx->cur = text;
    lx->line = 1;
    lx->line_start = text;
    lx->error = NULL;
    lx->error_at = NULL;
}

void ir_lexer_reset(ir_lexer *lx, const char *to) { lx->cur = to; }

#define LETTER (IR_CHAR_BARE_START | IR_CHAR_BARE | IR_CHAR_SUFFIX)
#define DIGIT (IR_CHAR_BARE | IR_CHAR_SUFFIX | IR_CHAR_DIGIT)
#define LETTERS8(c) [c] = LETTER, [c + 1] = LETTER, [c + 2] = LETTER, [c + 3] = LETTER, [c + 4] = LETTER, \
                    [c + 5] = LETTER, [c + 6] = LETTER, [c + 7] = LETTER
const unsigned char ir_char_class[256] = {
    LETTERS8('a'), LETTERS8('i'), LETTERS8('q'), ['y'] = LETTER, ['z'] = LETTER,
    LETTERS8('A'), LETTERS8('I'), LETTERS8('Q'), ['Y'] = LETTER, ['Z'] = LETTER,
    ['_'] = LETTER,
    ['0'] = DIGIT, ['1'] = DIGIT, ['2'] = DIGIT, ['3'] = DIGIT, ['4'] = DIGIT,
    ['5'] = DIGIT, ['6'] = DIGIT, ['7'] = DIGIT, ['8'] = DIGIT, ['9'] = DIGIT,
    ['$'] = IR_CHAR_BARE | IR_CHAR_SUFFIX, ['.'] = IR_CHAR_BARE | IR_CHAR_SUFFIX, ['-'] = IR_CHAR_SUFFIX,
    [' '] = IR_CHAR_BLANK, ['\t'] = IR_CHAR_BLANK, ['\r'] = IR_CHAR_BLANK,
};
#undef LETTERS8
#undef DIGIT
#undef LETTER

static bool is_digit(char c) { return ir_char_class[(unsigned char)c] & IR_CHAR_DIGIT; }
static bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static char peek(const ir_lexer *lx, size_t k) { return lx->cur + k < lx->end ? lx->cur[k] : '\0'; }

static ir_token form(ir_lexer *lx, ir_token_kind kind, const char *start)
{
    ir_token t;
    t.kind = kind;
    t.start = start;
    t.length = (size_t)(lx->cur - start);
    t.line = lx->line;
    t.column = (uint32_t)(start - lx->line_start) + 1;
    return t;
}

static ir_token fail(ir_lexer *lx, const char *at, const char *message)
{
    lx->error = message;
    lx->error_at = at;
    ir_token t;
    t.kind = TOK_ERROR;
    t.start = at;
    t.length = 0;
    t.line = lx->line;
    t.column = (uint32_t)(at - lx->line_start) + 1;
    return t;
}

/* suffix-id ::= digit+ | [a-zA-Z$._-] [a-zA-Z0-9$._-]* */
static bool lex_suffix_id(ir_lexer *lx)
{
    const char *p = lx->cur, *end = lx->end;
    if (p < end && is_digit(*p)) {
        while (p < end && is_digit(*p))
            p++;
    } else if (p < end && ir_is_suffix_id_char(*p)) {
        while (p < end && ir_is_suffix_id_char(*p))
            p++;
    } else {
        return false;
    }
    lx->cur = p;
    return true;
}

/* The body of a string literal after the opening quote. */
static ir_token lex_string(ir_lexer *lx, const char *start)
{
    while (lx->cur < lx->end) {
        char c = *lx->cur++;
        switch (c) {
        case '"':
            return form(lx, TOK_STRING, start);
        case '\n':
        case '\v':
        case '\f':
            return fail(lx, lx->cur - 1, "expected '\"' in string literal");
        case '\\':
            if (lx->cur < lx->end &&
                (*lx->cur == '"' || *lx->cur == '\\' || *lx->cur == 'n' || *lx->cur == 't'))
                lx->cur++;
            else if (lx->cur + 1 < lx->end && is_hex(lx->cur[0]) && is_hex(lx->cur[1]))
                lx->cur += 2;
            else
                return fail(lx, lx->cur - 1, "unknown escape in string literal");
            break;
        default:
            break;
        }
    }
    return fail(lx, start, "expected '\"' in string literal");
}

static ir_token lex_number(ir_lexer *lx, const char *start)
{
    /* The first digit is consumed. */
    if (*start == '0' && peek(lx, 0) == 'x' && is_hex(peek(lx, 1))) {
        lx->cur += 1;
        while (lx->cur < lx->end && is_hex(*lx->cur))
            lx->cur++;
        return form(lx, TOK_INTEGER, start);
    }
    while (lx->cur < lx->end && is_digit(*lx->cur))
        lx->cur++;
    if (peek(lx, 0) != '.')
        return form(lx, TOK_INTEGER, start);
    lx->cur++;
    while (lx->cur < lx->end && is_digit(*lx->cur))
        lx->cur++;
    if (peek(lx, 0) == 'e' || peek(lx, 0) == 'E') {
        if (is_digit(peek(lx, 1)) || ((peek(lx, 1) == '-' || peek(lx, 1) == '+') && is_digit(peek(lx, 2)))) {
            lx->cur += 2;
            while (lx->cur < lx->end && is_digit(*lx->cur))
                lx->cur++;
        }
    }
    return form(lx, TOK_FLOAT, start);
}

ir_token ir_lexer_next(ir_lexer *lx)
{
    for (;;) {
        /* Whitespace and comments (a local cursor: lx->cur, stored on every byte, would be
           reloaded after every byte read, as a char may alias it). */
        const char *p = lx->cur, *end = lx->end;
        while (p < end) {
            char c = *p;
            if (ir_char_class[(unsigned char)c] & IR_CHAR_BLANK) {
                p++;
            } else if (c == '\n') {
                p++;
                lx->line++;
                lx->line_start = p;
            } else if (c == '/' && p + 1 < end && p[1] == '/') {
                while (p < end && *p != '\n')
                    p++;
            } else {
                break;
            }
        }
        lx->cur = p;
        const char *start = lx->cur;
        if (lx->cur >= lx->end)
            return form(lx, TOK_EOF, start);
        char c = *lx->cur++;
        switch (c) {
        case '(':
            return form(lx, TOK_LPAREN, start);
        case ')':
            return form(lx, TOK_RPAREN, start);
        case '{':
            if (peek(lx, 0) == '-' && peek(lx, 1) == '#') {
                lx->cur += 2;
                return form(lx, TOK_METADATA_BEGIN, start);
            }
            return form(lx, TOK_LBRACE, start);
        case '}':
            return form(lx, TOK_RBRACE, start);
        case '[':
            return form(lx, TOK_LSQUARE, start);
        case ']':
            return form(lx, TOK_RSQUARE, start);
        case '<':
            return form(lx, TOK_LESS, start);
        case '>':
            return form(lx, TOK_GREATER, start);
        case ',':
            return form(lx, TOK_COMMA, start);
        case '=':
            return form(lx, TOK_EQUAL, start);
        case '+':
            return form(lx, TOK_PLUS, start);
        case '*':
            return form(lx, TOK_STAR, start);
        case '?':
            return form(lx, TOK_QUESTION, start);
        case '|':
            return form(lx, TOK_VERTICAL_BAR, start);
        case ':':
            if (peek(lx, 0) == ':') {
                lx->cur++;
                return form(lx, TOK_COLON_COLON, start);
            }
            return form(lx, TOK_COLON, start);
        case '-':
            if (peek(lx, 0) == '>') {
                lx->cur++;
                return form(lx, TOK_ARROW, start);
            }
            return form(lx, TOK_MINUS, start);
        case '.':
            if (peek(lx, 0) == '.' && peek(lx, 1) == '.') {
                lx->cur += 2;
                return form(lx, TOK_ELLIPSIS, start);
            }
            return fail(lx, start, "expected three consecutive dots for an ellipsis");
        case '"':
            return lex_string(lx, start);
        case '@':
            if (peek(lx, 0) == '"') {
                lx->cur++;
                ir_token t = lex_string(lx, start);
                if (t.kind == TOK_STRING)
                    t.kind = TOK_AT_ID;
                return t;
            }
            if (!ir_is_bare_id_start(peek(lx, 0)))
                return fail(lx, lx->cur, "@ identifier expected to start with letter or '_'"); /* after '@' */
            for (p = lx->cur; p < end && ir_is_bare_id_char(*p);)
                p++;
            lx->cur = p;
            return form(lx, TOK_AT_ID, start);
        case '#':
            if (peek(lx, 0) == '-' && peek(lx, 1) == '}') {
                lx->cur += 2;
                return form(lx, TOK_METADATA_END, start);
            }
            if (!lex_suffix_id(lx))
                return fail(lx, start, "invalid attribute name");
            return form(lx, TOK_HASH_ID, start);
        case '!':
            if (!lex_suffix_id(lx))
                return fail(lx, start, "invalid type identifier");
            return form(lx, TOK_BANG_ID, start);
        case '%':
            if (!lex_suffix_id(lx))
                return fail(lx, start, "invalid SSA name");
            return form(lx, TOK_PERCENT_ID, start);
        case '^':
            if (!lex_suffix_id(lx))
                return fail(lx, start, "invalid block name");
            return form(lx, TOK_CARET_ID, start);
        default:
            if (is_digit(c))
                return lex_number(lx, start);
            if (ir_is_bare_id_start(c)) {
                while (p + 1 < end && ir_is_bare_id_char(p[1]))
                    p++;
                lx->cur = p + 1;
                return form(lx, TOK_BARE_ID, start);
            }
            return fail(lx, start, "unexpected character");
        }
    }
}

const char *ir_token_kind_name(ir_token_kind kind)
{
    switch (kind) {
    case TOK_EOF:
        return "end of file";
    case TOK_ERROR:
        return "invalid token";
    case TOK_BARE_ID:
        return "identifier";
    case TOK_PERCENT_ID:
        return "SSA value";
    case TOK_CARET_ID:
        return "block name";
    case TOK_HASH_ID:
        return "attribute alias";
    case TOK_BANG_ID:
        return "type alias";
    case TOK_AT_ID:
        return "symbol reference";
    case TOK_INTEGER:
        return "integer";
    case TOK_FLOAT:
        return "float";
    case TOK_STRING:
        return "string";
    case TOK_LPAREN:
        return "'('";
    case TOK_RPAREN:
        return "')'";
    case TOK_LBRACE:
        return "'{'";
    case TOK_RBRACE:
        return "'}'";
    case TOK_LSQUARE:
        return "'['";
    case TOK_RSQUARE:
        return "']'";
    case TOK_LESS:
        return "'<'";
    case TOK_GREATER:
        return "'>'";
    case TOK_COMMA:
        return "','";
    case TOK_COLON:
        return "':'";
    case TOK_COLON_COLON:
        return "'::'";
    case TOK_EQUAL:
        return "'='";
    case TOK_ARROW:
        return "'->'";
    case TOK_MINUS:
        return "'-'";
    case TOK_PLUS:
        return "'+'";
    case TOK_STAR:
        return "'*'";
    case TOK_QUESTION:
        return "'?'";
    case TOK_ELLIPSIS:
        return "'...'";
    case TOK_VERTICAL_BAR:
        return "'|'";
    case TOK_METADATA_BEGIN:
        return "'{-#'";
    case TOK_METADATA_END:
        return "'#-}'";
    }
    return "token";
}
