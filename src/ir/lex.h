/* lex.h - tokens of the generic IR syntax (internal to src/ir: the parser's lexer).
 *
 * The lexer reads a text that is not NUL-terminated, one token at a time, on demand.
 * A lexical error becomes an ASC_TK_ERROR token carrying its message; the parser
 * reports it when it reaches that token, so errors come out in text order.
 */
#ifndef ASC_IR_LEX_H
#define ASC_IR_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum asc_tokkind {
  ASC_TK_EOF,
  ASC_TK_ERROR,  /* lexical error; the message is in asc_lexer.msg */
  ASC_TK_IDENT,  /* i32  VECIN  loc  xf16 */
  ASC_TK_VALUE,  /* %x  %0  %x#1 */
  ASC_TK_CARET,  /* ^bb0 */
  ASC_TK_AT,     /* @name  @"quoted" */
  ASC_TK_HASH,   /* #asc.event */
  ASC_TK_BANG,   /* !asc.gm_ptr */
  ASC_TK_STRING, /* "text", escapes checked */
  ASC_TK_INT,    /* 42  0x7F800000 */
  ASC_TK_FLOAT,  /* 1.5  2.0e+10 */
  ASC_TK_ARROW,  /* -> */
  ASC_TK_PUNCT,  /* one of ( ) { } [ ] < > , : = - */
} asc_tokkind;

typedef struct asc_token {
  asc_tokkind kind;
  char punct;     /* PUNCT: the character */
  const char *s;  /* spelling, pointing into the text */
  size_t n;
  int line, col;  /* 1-based; line already offset by the first line */
  uint64_t ival;  /* INT: the value (decimal or hex) */
  bool overflow;  /* INT: more than 64 bits */
} asc_token;

typedef struct asc_lexer {
  const char *cur, *end;
  const char *linestart; /* first character of the current line */
  int line;
  asc_token tok;         /* the current token */
  char msg[80];          /* ERROR: what is wrong */
} asc_lexer;

void asc_ir_lex_init(asc_lexer *lx, const char *text, size_t len, int first_line);
/* Reads the next token into lx->tok.  An ERROR token stays: lexing stops there. */
void asc_ir_lex_next(asc_lexer *lx);
/* Lexes again from pos, which must lie inside the current token (the parser splits
 * "xf16" after the 'x' of a dimension list this way). */
void asc_ir_lex_from(asc_lexer *lx, const char *pos);
/* Writes the decoded contents of the string literal s[0..n) (quotes included, escapes
 * already checked by the lexer) to dst, which has room for n bytes; returns the length. */
size_t asc_ir_unquote(const char *s, size_t n, char *dst);

#endif
