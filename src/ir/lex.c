/* lex.c - the lexer of the generic IR syntax.
 *
 * Tokens follow MLIR's lexer: bare identifiers [A-Za-z_][A-Za-z0-9_$.]*, value and
 * block names %id ^id with id [A-Za-z0-9_$.-]+ (a value may carry a result number:
 * %x#1), symbols @id or @"string", dialect types and attributes !id #id, strings with
 * \" \\ \n \t and \XX escapes, decimal and 0x hex integers, and floats
 * [0-9]+ "." [0-9]* ([eE] [+-]? [0-9]+)?.  "1024xf16" lexes as 1024 and xf16, as in
 * MLIR; the parser splits xf16 again inside a dimension list.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/lex.h"

/* ASCII only: the result must not depend on the C locale. */
static bool isdigit_(int c) { return c >= '0' && c <= '9'; }
static bool isalpha_(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool isidstart(int c) { return isalpha_(c) || c == '_'; }
static bool isidchar(int c) { return isidstart(c) || isdigit_(c) || c == '$' || c == '.'; }
static bool issuffixchar(int c) { return isidchar(c) || c == '-'; }

static int hexval(int c) {
  if (isdigit_(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* The character at p, or -1 at the end of the text. */
static int peekc(const asc_lexer *lx, const char *p) {
  return p < lx->end ? (unsigned char)*p : -1;
}

static int colof(const asc_lexer *lx, const char *p) {
  size_t col = (size_t)(p - lx->linestart) + 1;
  return col > INT_MAX ? INT_MAX : (int)col;
}

void asc_ir_lex_init(asc_lexer *lx, const char *text, size_t len, int first_line) {
  memset(lx, 0, sizeof *lx);
  lx->cur = lx->linestart = text;
  lx->end = text + len;
  lx->line = first_line < 1 ? 1 : first_line;
}

static void settok(asc_lexer *lx, asc_tokkind kind, const char *start, const char *end) {
  asc_token *t = &lx->tok;
  memset(t, 0, sizeof *t);
  t->kind = kind;
  t->s = start;
  t->n = (size_t)(end - start);
  t->line = lx->line;
  t->col = colof(lx, start);
  lx->cur = end;
}

static void lexerror(asc_lexer *lx, const char *at, const char *fmt, ...) ASC_PRINTF(3, 4);

static void lexerror(asc_lexer *lx, const char *at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(lx->msg, sizeof lx->msg, fmt, ap);
  va_end(ap);
  settok(lx, ASC_TK_ERROR, at, at < lx->end ? at + 1 : at);
}

/* whitespace := (" " | "\t" | "\r" | "\n" | "//" comment-to-end-of-line)* */
static void skipspace(asc_lexer *lx) {
  while (lx->cur < lx->end) {
    char c = *lx->cur;
    if (c == '\n') {
      lx->cur++;
      lx->linestart = lx->cur;
      if (lx->line < INT_MAX)
        lx->line++;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      lx->cur++;
    } else if (c == '/' && peekc(lx, lx->cur + 1) == '/') {
      const char *nl = memchr(lx->cur, '\n', (size_t)(lx->end - lx->cur));
      lx->cur = nl ? nl : lx->end;
    } else {
      return;
    }
  }
}

/* hex-int := "0x" [0-9a-fA-F]+ */
static void lexhex(asc_lexer *lx, const char *start) {
  const char *p = start + 2;
  uint64_t v = 0;
  bool overflow = false;
  for (int d; (d = hexval(peekc(lx, p))) >= 0; p++) {
    overflow |= (v >> 60) != 0;
    v = v << 4 | (uint64_t)d;
  }
  settok(lx, ASC_TK_INT, start, p);
  lx->tok.ival = v;
  lx->tok.overflow = overflow;
}

/* float-tail := "." [0-9]* ([eE] [+-]? [0-9]+)?   (p points at the ".") */
static const char *floattail(const asc_lexer *lx, const char *p) {
  for (p++; isdigit_(peekc(lx, p)); p++)
    ;
  int c = peekc(lx, p);
  if (c != 'e' && c != 'E')
    return p;
  const char *q = p + 1;
  if (peekc(lx, q) == '+' || peekc(lx, q) == '-')
    q++;
  if (!isdigit_(peekc(lx, q)))
    return p;
  while (isdigit_(peekc(lx, q)))
    q++;
  return q;
}

/* number := hex-int | [0-9]+ float-tail? */
static void lexnumber(asc_lexer *lx, const char *start) {
  int x = peekc(lx, start + 1);
  if (*start == '0' && (x == 'x' || x == 'X') && hexval(peekc(lx, start + 2)) >= 0) {
    lexhex(lx, start);
    return;
  }
  const char *p = start;
  uint64_t v = 0;
  bool overflow = false;
  for (; isdigit_(peekc(lx, p)); p++) {
    uint64_t d = (uint64_t)(*p - '0');
    overflow |= v > (UINT64_MAX - d) / 10;
    v = v * 10 + d;
  }
  if (peekc(lx, p) == '.') {
    settok(lx, ASC_TK_FLOAT, start, floattail(lx, p));
    return;
  }
  settok(lx, ASC_TK_INT, start, p);
  lx->tok.ival = v;
  lx->tok.overflow = overflow;
}

/* Where the string literal opening at start ends (after its closing quote), or NULL
 * after setting an ERROR token.  A string may not span lines. */
static const char *scanstring(asc_lexer *lx, const char *start) {
  for (const char *p = start + 1; p < lx->end && *p != '\n'; p++) {
    if (*p == '"')
      return p + 1;
    if (*p != '\\')
      continue;
    int c = peekc(lx, p + 1);
    if (c == '"' || c == '\\' || c == 'n' || c == 't') {
      p++;
    } else if (hexval(c) >= 0 && hexval(peekc(lx, p + 2)) >= 0) {
      p += 2;
    } else {
      lexerror(lx, p, "unknown escape in string literal");
      return NULL;
    }
  }
  lexerror(lx, start, "unterminated string");
  return NULL;
}

/* string := '"' (char | escape)* '"' */
static void lexstring(asc_lexer *lx, const char *start) {
  const char *end = scanstring(lx, start);
  if (end)
    settok(lx, ASC_TK_STRING, start, end);
}

/* bare-id := [A-Za-z_] [A-Za-z0-9_$.]* */
static const char *skipident(const asc_lexer *lx, const char *p) {
  while (isidchar(peekc(lx, p)))
    p++;
  return p;
}

/* value-name := "%" suffix-id ("#" [0-9]+)?    block-name := "^" suffix-id
 * suffix-id := [A-Za-z0-9_$.-]+ */
static void lexsuffixid(asc_lexer *lx, const char *start) {
  const char *p = start + 1;
  while (issuffixchar(peekc(lx, p)))
    p++;
  if (p == start + 1) {
    lexerror(lx, start, "expected identifier after '%c'", *start);
    return;
  }
  if (*start == '%' && peekc(lx, p) == '#' && isdigit_(peekc(lx, p + 1)))
    for (p++; isdigit_(peekc(lx, p)); p++)
      ;
  settok(lx, *start == '%' ? ASC_TK_VALUE : ASC_TK_CARET, start, p);
}

/* symbol := "@" (bare-id | string)    dialect-name := ("!" | "#") bare-id */
static void lexsigil(asc_lexer *lx, const char *start, asc_tokkind kind) {
  const char *p = start + 1;
  if (kind == ASC_TK_AT && peekc(lx, p) == '"') {
    p = scanstring(lx, p);
    if (p)
      settok(lx, kind, start, p);
    return;
  }
  if (!isidstart(peekc(lx, p))) {
    lexerror(lx, start, "expected identifier after '%c'", *start);
    return;
  }
  settok(lx, kind, start, skipident(lx, p));
}

static void unexpected(asc_lexer *lx, const char *at) {
  unsigned char c = (unsigned char)*at;
  if (c >= 0x20 && c < 0x7f)
    lexerror(lx, at, "unexpected character '%c'", c);
  else
    lexerror(lx, at, "unexpected character '\\x%02X'", c);
}

static void lexpunct(asc_lexer *lx, const char *start) {
  if (*start == '-' && peekc(lx, start + 1) == '>') {
    settok(lx, ASC_TK_ARROW, start, start + 2);
    return;
  }
  settok(lx, ASC_TK_PUNCT, start, start + 1);
  lx->tok.punct = *start;
}

void asc_ir_lex_next(asc_lexer *lx) {
  if (lx->tok.kind == ASC_TK_ERROR)
    return;
  skipspace(lx);
  const char *start = lx->cur;
  if (start == lx->end) {
    settok(lx, ASC_TK_EOF, start, start);
    return;
  }
  int c = (unsigned char)*start;
  if (isdigit_(c))
    lexnumber(lx, start);
  else if (c == '"')
    lexstring(lx, start);
  else if (isidstart(c))
    settok(lx, ASC_TK_IDENT, start, skipident(lx, start));
  else if (c == '%' || c == '^')
    lexsuffixid(lx, start);
  else if (c == '@')
    lexsigil(lx, start, ASC_TK_AT);
  else if (c == '#')
    lexsigil(lx, start, ASC_TK_HASH);
  else if (c == '!')
    lexsigil(lx, start, ASC_TK_BANG);
  else if (c != '\0' && strchr("(){}[]<>,:=-", c))
    lexpunct(lx, start);
  else
    unexpected(lx, start);
}

void asc_ir_lex_from(asc_lexer *lx, const char *pos) {
  lx->cur = pos;
  lx->tok.kind = ASC_TK_EOF;
  asc_ir_lex_next(lx);
}

size_t asc_ir_unquote(const char *s, size_t n, char *dst) {
  size_t k = 0;
  for (size_t i = 1; i + 1 < n; i++) {
    if (s[i] != '\\') {
      dst[k++] = s[i];
      continue;
    }
    char c = s[++i];
    if (c == 'n')
      dst[k++] = '\n';
    else if (c == 't')
      dst[k++] = '\t';
    else if (c == '"' || c == '\\')
      dst[k++] = c;
    else
      dst[k++] = (char)(hexval((unsigned char)c) * 16 + hexval((unsigned char)s[++i]));
  }
  return k;
}
