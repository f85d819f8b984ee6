/* memory.c - every access of a kernel to GM or UB goes through asc_sim_mem, which checks
 * it against the reference's extent (the local tensor or global tensor length) and the
 * memory it lies in (the core's UB, or the caller's array), so a bad kernel gets an
 * error at its source line and never touches host memory it does not own. */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/sim_int.h"

int asc_sim_err(sim_core *c, const asc_op *op, const char *fmt, ...) {
  va_list ap;
  asc_strbuf sb;
  asc_sb_init(&sb);
  va_start(ap, fmt);
  asc_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  char lab[48];
  asc_sim_core_label(c, lab, sizeof lab);
  if (c->L->blocks > 1 || c->L->naic)
    asc_diag(c->ctx, asc_op_diag_loc(op), ASC_SEV_ERROR, "%s (%s)", sb.data, lab);
  else
    asc_diag(c->ctx, asc_op_diag_loc(op), ASC_SEV_ERROR, "%s", sb.data);
  asc_sb_free(&sb);
  return -1;
}

int asc_sim_mul(sim_core *c, const asc_op *op, const char *what, int64_t a, int64_t b, int64_t *r) {
  if (__builtin_mul_overflow(a, b, r))
    return asc_sim_err(c, op, "%s: %s: %lld * %lld overflows a 64-bit byte count", asc_op_name(op), what,
                       (long long)a, (long long)b);
  return 0;
}

int asc_sim_add(sim_core *c, const asc_op *op, const char *what, int64_t a, int64_t b, int64_t *r) {
  if (__builtin_add_overflow(a, b, r))
    return asc_sim_err(c, op, "%s: %s: %lld + %lld overflows a 64-bit byte offset", asc_op_name(op), what,
                       (long long)a, (long long)b);
  return 0;
}

int asc_sim_field(sim_core *c, const asc_op *op, const char *field, double v, int64_t lo, int64_t hi,
                  int64_t *r) {
  if (!(v >= (double)lo && v <= (double)hi) || v != (double)(int64_t)v)
    return asc_sim_err(c, op, "%s: %s %g is not an integer in %lld..%lld", asc_op_name(op), field, v,
                       (long long)lo, (long long)hi);
  *r = (int64_t)v;
  return 0;
}

int asc_sim_sfield(sim_core *c, const asc_op *op, const double *p, asc_sfield f, int64_t lo, int64_t hi,
                   int64_t *r) {
  const asc_sfieldinfo *fi = &asc_sfields[f];
  return asc_sim_field(c, op, fi->label, p[fi->index], lo, hi, r);
}

int asc_sim_sfield_ranged(sim_core *c, const asc_op *op, const double *p, asc_sfield f, int64_t *r) {
  int64_t lo, hi;
  if (!asc_sfield_range(f, &lo, &hi))
    return asc_sim_err(c, op, "%s: %s has no range in src/ops/field_ranges.def", asc_op_name(op), asc_sfields[f].label);
  return asc_sim_sfield(c, op, p, f, lo, hi, r);
}

/* Warnings that would repeat every loop iteration are given once per instruction. */
void asc_sim_warn_once(sim_core *c, const sim_inst *in, const char *fmt, ...) {
  if (c->warned[in->id])
    return;
  c->warned[in->id] = 1;
  va_list ap;
  va_start(ap, fmt);
  asc_vdiag(c->ctx, asc_op_diag_loc(in->op), ASC_SEV_WARNING, fmt, ap);
  va_end(ap);
}

const char *asc_sim_mem_name(const sim_core *c, int mem) {
  if (mem < 0 && sim_hwmem(mem) > 0)
    return asc_hw_mem_name(sim_hwmem(mem)); /* "UB", "L1", "L0A", ... */
  if (mem >= 0 && mem < c->L->ngm)
    return c->L->gm[mem].name;
  return "?";
}

bool asc_sim_is_gm_type(const asc_type *t) { return t->kind == ASC_TY_GM || t->kind == ASC_TY_GTENSOR; }

static uint8_t *membase(sim_core *c, int mem, int64_t *size) {
  if (mem == SIM_MEM_UB) {
    *size = c->ub_bytes;
    return c->ub;
  }
  if (mem < 0) { /* L1, L0A, L0B, L0C, BIAS, FIXBUF */
    *size = c->lmb[-mem];
    return c->lm[-mem];
  }
  *size = (int64_t)c->L->gm[mem].bytes;
  return c->L->gm[mem].p;
}

/* A queue tensor whose buffer was freed since it was allocated or dequeued. */
static bool stale(const sim_core *c, const sim_val *r) {
  int64_t bi = (r->tag & 0xffff) - 1;
  return r->tag && bi >= 0 && bi < SIM_MAXQBUF && c->bufs[bi].gen != (int)(r->tag >> 16);
}

static uint8_t *oob(sim_core *c, const asc_op *op, const sim_val *r, int64_t lo, int64_t hi, const char *fmt,
                    ...) ASC_PRINTF(6, 7);

/* An out-of-bounds finding on r's memory, bytes [lo, hi). */
static uint8_t *oob(sim_core *c, const asc_op *op, const sim_val *r, int64_t lo, int64_t hi, const char *fmt,
                    ...) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  va_list ap;
  va_start(ap, fmt);
  asc_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  sim_finding f = {ASC_SIM_CHK_OOB, ASC_SEV_ERROR, 0, op, NULL, asc_sim_cur_pipe(c, op), -1, r->mem, lo, hi};
  asc_sim_found(c, &f, "%s", sb.data);
  asc_sb_free(&sb);
  return NULL;
}

/* ---- what the NPU lets through (strict_gm off): out-of-bounds and uninitialised reads ----
 * A warning once per op site and block (the launch keeps the first block's, see
 * asc_sim_oob_replay); the text names the op, the access, the buffer and the byte range. */
/* The launch's first finding let through, written to live_fd while the launch runs: in a long launch
 * (a runaway loop the watchdog stops minutes later) the cause shows while it runs, not only in the
 * report at its end.  "First" is in core order, as the report's warnings are, whichever host thread
 * runs ahead: a core's first finding is written as it happens when every core before it has been
 * committed (none of them had one), else when the core is committed (asc_sim_live_commit). */
static void live(const sim_launch *L, asc_ctx *ctx, const asc_op *op, const char *msg) {
  if (L->live_fd < 0 || !L->lived || atomic_exchange(L->lived, true))
    return;
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_printf(&sb, "%s [while the launch runs: it goes on, and its report gives this again]", msg);
  char *text = asc_diag_text(ctx, asc_op_diag_loc(op), ASC_SEV_WARNING, sb.data);
  size_t n = strlen(text);
  for (size_t k = 0; k < n;) {
    ssize_t w = write(L->live_fd, text + k, n - k);
    if (w <= 0)
      break;
    k += (size_t)w;
  }
  free(text);
  asc_sb_free(&sb);
}

void asc_sim_live_commit(const sim_launch *L, asc_ctx *ctx, const sim_oobw *w, int n, int inst) {
  if (n > 0)
    live(L, ctx, w[0].op, w[0].msg);
  if (L->livenext)
    atomic_store(L->livenext, inst + 1);
}

/* An op site is where the source states the op: the traced C++ of a kernel repeats one Python
 * line per block and per unrolled iteration as ops of their own, and a user reads one warning per
 * line either way.  Ops without a source location (IR text) are their own site. */
bool asc_sim_same_site(const asc_op *a, const asc_op *b) {
  if (a == b)
    return true;
  return a->code == b->code && a->loc.file && a->loc.file == b->loc.file && a->loc.line == b->loc.line &&
         a->loc.col == b->loc.col;
}

void asc_sim_lenient_warn(sim_core *c, const asc_op *op, const char *fmt, ...) {
  for (int i = 0; i < c->noobw; i++)
    if (asc_sim_same_site(c->oobw[i].op, op))
      return;
  if (c->noobw == c->oobwcap) {
    c->oobwcap = c->oobwcap ? 2 * c->oobwcap : 4;
    c->oobw = realloc(c->oobw, sizeof *c->oobw * (size_t)c->oobwcap);
    if (!c->oobw)
      asc_die("out of memory");
  }
  asc_strbuf sb;
  asc_sb_init(&sb);
  va_list ap;
  va_start(ap, fmt);
  asc_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  const sim_launch *L = c->L;
  if (L->blocks > 1 || L->naic) {
    char lab[48];
    asc_sim_core_label(c, lab, sizeof lab);
    asc_sb_printf(&sb, " (%s)", lab);
  }
  if (c->noobw == 0 && L->livenext && atomic_load(L->livenext) == c->inst) /* no earlier core can have one */
    live(L, c->ctx, op, sb.data);
  c->oobw[c->noobw++] = (sim_oobw){op, sb.data};
}

/* Scratch standing for GM bytes [lo, hi) of an array of size bytes at base, partly or wholly
 * outside it: for a read, zeros plus a copy of the in-array part; for a write, the in-array
 * part is copied to the array by asc_sim_mem_commit once the op has written. */
static uint8_t *gmscratch(sim_core *c, bool write, uint8_t *base, int64_t size, int64_t lo, int64_t hi) {
  int w = write;
  if (c->gmscap[w] < hi - lo) {
    free(c->gms[w]);
    c->gmscap[w] = hi - lo;
    c->gms[w] = malloc((size_t)c->gmscap[w]);
    if (!c->gms[w])
      asc_die("out of memory");
  }
  uint8_t *buf = c->gms[w];
  memset(buf, 0, (size_t)(hi - lo));
  int64_t a = lo > 0 ? lo : 0, b = hi < size ? hi : size;
  if (a < b && !write)
    memcpy(buf + (a - lo), base + a, (size_t)(b - a));
  if (a < b && write) {
    c->pend_dst = base + a;
    c->pend_src = buf + (a - lo);
    c->pend_n = b - a;
  }
  return buf;
}

void asc_sim_mem_commit(sim_core *c) {
  if (c->pend_n > 0)
    memcpy(c->pend_dst, c->pend_src, (size_t)c->pend_n);
  c->pend_n = 0;
}

void asc_sim_mem_free(sim_core *c) {
  free(c->gms[0]);
  free(c->gms[1]);
  asc_sim_oobw_free(c->oobw, c->noobw);
  c->oobw = NULL;
  c->noobw = 0;
}

void asc_sim_oobw_free(sim_oobw *w, int n) {
  for (int i = 0; i < n; i++)
    free(w[i].msg);
  free(w);
}

void asc_sim_oob_replay(const sim_launch *L, const sim_oobw *w, int n, sim_oobseen *seen, asc_sim_report *rep) {
  bool none = true;
  asc_sim_oob_replay_cause(L, w, n, seen, rep, &none);
}

/* A block that failed after letting an access through (out of bounds, uninitialised, a race with
 * race_warn): that access most likely caused the failure (a deadlock after a message written past
 * the workspace, ...), so it is reported first, as an error, and the failure follows it. */
void asc_sim_oob_replay_cause(const sim_launch *L, const sim_oobw *w, int n, sim_oobseen *seen, asc_sim_report *rep,
                              bool *cause) {
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (k < seen->n && !asc_sim_same_site(seen->ops[k], w[i].op))
      k++;
    if (k < seen->n)
      continue;
    if (seen->n == seen->cap) {
      seen->cap = seen->cap ? 2 * seen->cap : 8;
      seen->ops = realloc(seen->ops, sizeof *seen->ops * (size_t)seen->cap);
      if (!seen->ops)
        asc_die("out of memory");
    }
    seen->ops[seen->n++] = w[i].op;
    if (!*cause) {
      *cause = true;
      asc_diag(L->ctx, asc_op_diag_loc(w[i].op), ASC_SEV_ERROR, "%s; the block then failed: this is the likely cause "
               "(the failure follows)", w[i].msg);
      continue;
    }
    asc_diag(L->ctx, asc_op_diag_loc(w[i].op), ASC_SEV_WARNING, "%s", w[i].msg);
    if (!rep)
      continue;
    char **kw = realloc(rep->kwarnings, sizeof *kw * ((size_t)rep->nkwarnings + 1));
    if (!kw || !(kw[rep->nkwarnings] = strdup(L->ctx->diags_tail->text)))
      asc_die("out of memory");
    rep->kwarnings = kw;
    rep->nkwarnings++;
  }
}

/* Bytes [lo, hi) of local memory mem are handed out: the block may change them, and what an
 * earlier block left in them is cleared first (coremem.c; GM: nothing).  over: the caller
 * overwrites them whole before reading them (asc_sim_mem_overwrite). */
static inline __attribute__((always_inline)) void dirty(sim_core *c, int mem, int64_t lo, int64_t hi, bool write) {
  if (mem >= 0)
    return;
  int m = -mem;
  c->mlo[m] = lo < c->mlo[m] ? lo : c->mlo[m];
  c->mhi[m] = hi > c->mhi[m] ? hi : c->mhi[m];
  if (__builtin_expect(c->scr->zn[m] != 0, 0))
    asc_sim_scratch_zero(c->scr, m, lo, hi, write && c->overwrite);
}

bool asc_sim_mem_plain(sim_core *c, const sim_val *r, int64_t off, int64_t nbytes) {
  int64_t size, end, lo, hi;
  if (r->mem >= 0 ? r->mem >= c->L->ngm || c->L->gm[r->mem].readonly /* (a read would be plain; no caller needs it) */
                  : r->mem == SIM_MEM_NONE || sim_hwmem(r->mem) < 0 || (!c->lm[-r->mem] && r->mem != SIM_MEM_UB))
    return false;
  if (c->ia_on || nbytes <= 0 || off < 0)
    return false;
  (void)membase(c, r->mem, &size);
  if (__builtin_add_overflow(off, nbytes, &end) || __builtin_add_overflow(r->off, off, &lo) ||
      __builtin_add_overflow(lo, nbytes, &hi))
    return false;
  return lo >= 0 && hi <= size && (r->len < 0 || end <= r->len) && !(c->L->sanitize && stale(c, r));
}

uint8_t *asc_sim_mem_piece(sim_core *c, const sim_val *r, int64_t off, int64_t nbytes, bool write) {
  int64_t size, lo = r->off + off;
  uint8_t *base = membase(c, r->mem, &size);
  c->steps += nbytes / SIM_WORK_BYTES;
  if (nbytes <= 0)
    return base;
  if (r->mem >= 0) /* timing: GM goes through the core's part of the L2 (l2.c) */
    asc_sim_l2_access(c, r->mem, lo, nbytes, write);
  if (c->L->sanitize)
    asc_sim_san_access(c, r->mem, lo, nbytes, write);
  dirty(c, r->mem, lo, lo + nbytes, false);
  return base + lo;
}

uint8_t *asc_sim_mem_rows(sim_core *c, const sim_val *r, int64_t off, int64_t nbytes, int64_t stride, int64_t count,
                          bool write) {
  int64_t size, lo = r->off + off;
  uint8_t *base = membase(c, r->mem, &size);
  if (nbytes <= 0 || count <= 0)
    return base + (nbytes > 0 ? lo : 0);
  for (int64_t k = 0; k < count; k++) {
    c->steps += nbytes / SIM_WORK_BYTES;
    if (r->mem >= 0)
      asc_sim_l2_access(c, r->mem, lo + k * stride, nbytes, write);
    dirty(c, r->mem, lo + k * stride, lo + k * stride + nbytes, false);
  }
  if (c->L->sanitize)
    asc_sim_san_rows(c, r->mem, lo, nbytes, stride, count, write);
  return base + lo;
}

uint8_t *asc_sim_mem(sim_core *c, const asc_op *op, const sim_val *r, int64_t off, int64_t nbytes,
                     const char *what) {
  const char *opname = asc_op_name(op);
  if (r->mem == SIM_MEM_NONE || sim_hwmem(r->mem) < 0 || r->mem >= c->L->ngm ||
      (r->mem < 0 && !c->lm[-r->mem] && r->mem != SIM_MEM_UB)) {
    asc_sim_err(c, op, "%s: %s of a tensor that is bound to no memory (global tensor without "
                "set_global_buffer?)", opname, what);
    return NULL;
  }
  int64_t size, lo, hi, end;
  uint8_t *base = membase(c, r->mem, &size);
  bool isgm = r->mem >= 0;
  /* Every caller computes nbytes with checked arithmetic; a negative or wrapping range is a
   * bug that must not reach the host pointer below. */
  if (nbytes < 0 || __builtin_add_overflow(off, nbytes, &end) || __builtin_add_overflow(r->off, off, &lo) ||
      __builtin_add_overflow(lo, nbytes, &hi)) {
    asc_sim_err(c, op, "%s: %s of %lld bytes at byte offset %lld (from byte %lld of %s) is not a valid byte "
                "range", opname, what, (long long)nbytes, (long long)off, (long long)r->off,
                asc_sim_mem_name(c, r->mem));
    return NULL;
  }
  bool inmem = lo >= 0 && hi <= size;
  c->steps += nbytes / SIM_WORK_BYTES; /* the watchdog counts the bytes an op moves as work */
  /* What an NPU lets through: GM beyond its array, UB past the tensor but inside UB. */
  bool lenient = !c->L->strict_gm && (isgm || inmem);
  if (nbytes > 0 && r->len >= 0 && (off < 0 || end > r->len)) {
    if (!lenient)
      return oob(c, op, r, lo, hi, "%s: %s of bytes [%lld, %lld) is outside the %s tensor of %lld bytes "
                 "(at byte %lld of %s)", opname, what, (long long)off, (long long)end,
                 isgm ? "global" : "local", (long long)r->len, (long long)r->off, asc_sim_mem_name(c, r->mem));
    if (inmem)
      asc_sim_lenient_warn(c, op, "%s: %s of bytes [%lld, %lld) of %s '%s' is outside its %s tensor (bytes [%lld, %lld)); "
              "the hardware does not check it", opname, what, (long long)lo, (long long)hi,
              isgm ? "GM array" : "buffer", asc_sim_mem_name(c, r->mem), isgm ? "global" : "local",
              (long long)r->off, (long long)(r->off + r->len));
  }
  if (nbytes > 0 && !inmem && !lenient)
    return oob(c, op, r, lo, hi, "%s: out-of-bounds %s of %s '%s': bytes [%lld, %lld), but it has %lld bytes",
               opname, what, isgm ? "GM array" : "buffer", asc_sim_mem_name(c, r->mem), (long long)lo,
               (long long)hi, (long long)size);
  if (isgm && nbytes > 0 && what[0] == 'w' && c->L->gm[r->mem].readonly) {
    asc_sim_err(c, op, "%s: write of bytes [%lld, %lld) to GM array '%s', which is read-only (a read-only "
                "array or memory map was passed for it); nothing was written", opname, (long long)lo, (long long)hi,
                asc_sim_mem_name(c, r->mem));
    return NULL;
  }
  if (nbytes > 0 && !inmem) {
    bool write = what[0] == 'w';
    asc_sim_lenient_warn(c, op, "%s: out-of-bounds %s of GM array '%s': bytes [%lld, %lld), but it has %lld bytes; "
            "the NPU would %s memory beyond the array (the simulator %s)", opname, what,
            asc_sim_mem_name(c, r->mem), (long long)lo, (long long)hi, (long long)size,
            write ? "write" : "read", write ? "drops those bytes" : "reads zeros");
    int64_t a = lo > 0 ? lo : 0, b = hi < size ? hi : size;
    if (c->L->sanitize && a < b)
      asc_sim_san_access(c, r->mem, a, b - a, write);
    return gmscratch(c, write, base, size, lo, hi);
  }
  if (c->ia_on && !isgm && nbytes > 0 && asc_sim_ia_check(c, op, lo, hi, what[0] == 'w'))
    return NULL;
  if (isgm && nbytes > 0) /* timing: GM goes through the core's part of the L2 (l2.c) */
    asc_sim_l2_access(c, r->mem, lo, nbytes, what[0] == 'w');
  if (c->L->sanitize && nbytes > 0) {
    if (stale(c, r)) {
      sim_finding f = {ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, 0, op, NULL, asc_sim_cur_pipe(c, op), -1,
                       r->mem, lo, hi};
      asc_sim_found(c, &f, "%s: use after free: the tensor's queue buffer (%s bytes [%lld, %lld)) was "
                     "released by free_tensor", opname, asc_sim_mem_name(c, r->mem), (long long)r->off,
                     (long long)(r->off + r->len));
      return NULL;
    }
    /* Of an access past its tensor that was let through, the sanitizers see the tensor's part:
     * an NPU reads whatever lies beyond, so that is no uninitialised-read error. */
    int64_t slo = lo, shi = hi;
    if (lenient && r->len >= 0) {
      slo = lo > r->off ? lo : r->off;
      shi = hi < r->off + r->len ? hi : r->off + r->len;
    }
    if (slo < shi)
      asc_sim_san_access(c, r->mem, slo, shi - slo, what[0] == 'w');
  }
  if (nbytes > 0)
    dirty(c, r->mem, lo, hi, what[0] == 'w');
  return nbytes > 0 ? base + lo : base;
}
