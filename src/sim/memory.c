/* memory.c - every access of a kernel to GM or UB goes through asc_sim_mem, which checks
 * it against the reference's extent (the local tensor or global tensor length) and the
 * memory it lies in (the core's UB, or the caller's array), so a bad kernel gets an
 * error at its source line and never touches host memory it does not own. */
#include <stdarg.h>
#include <stdio.h>

#include "sim/sim_int.h"

int asc_sim_err(sim_core *c, const asc_op *op, const char *fmt, ...) {
  va_list ap;
  asc_strbuf sb;
  asc_sb_init(&sb);
  va_start(ap, fmt);
  asc_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  if (c->L->blocks > 1)
    asc_diag(c->ctx, asc_op_diag_loc(op), ASC_SEV_ERROR, "%s (block %d)", sb.data, c->block);
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
  if (mem == SIM_MEM_UB)
    return "UB";
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
  *size = (int64_t)c->L->gm[mem].bytes;
  return c->L->gm[mem].p;
}

/* A queue tensor whose buffer was freed since it was allocated or dequeued. */
static bool stale(const sim_core *c, const sim_val *r) {
  int64_t bi = (r->tag & 0xffff) - 1;
  return r->tag && bi >= 0 && bi < c->nbufs && c->bufs[bi].gen != (int)(r->tag >> 16);
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

uint8_t *asc_sim_mem(sim_core *c, const asc_op *op, const sim_val *r, int64_t off, int64_t nbytes,
                     const char *what) {
  const char *opname = asc_op_name(op);
  if (r->mem == SIM_MEM_NONE || r->mem < SIM_MEM_UB || r->mem >= c->L->ngm) {
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
  if (nbytes > 0 && r->len >= 0 && (off < 0 || end > r->len))
    return oob(c, op, r, lo, hi, "%s: %s of bytes [%lld, %lld) is outside the %s tensor of %lld bytes "
               "(at byte %lld of %s)", opname, what, (long long)off, (long long)end,
               isgm ? "global" : "local", (long long)r->len, (long long)r->off, asc_sim_mem_name(c, r->mem));
  if (nbytes > 0 && (lo < 0 || hi > size))
    return oob(c, op, r, lo, hi, "%s: out-of-bounds %s of %s '%s': bytes [%lld, %lld), but it has %lld bytes",
               opname, what, isgm ? "GM array" : "buffer", asc_sim_mem_name(c, r->mem), (long long)lo,
               (long long)hi, (long long)size);
  if (isgm && nbytes > 0 && what[0] == 'w' && c->L->gm[r->mem].readonly) {
    asc_sim_err(c, op, "%s: write of bytes [%lld, %lld) to GM array '%s', which is read-only (a read-only "
                "array or memory map was passed for it); nothing was written", opname, (long long)lo, (long long)hi,
                asc_sim_mem_name(c, r->mem));
    return NULL;
  }
  if (c->L->sanitize && nbytes > 0) {
    if (stale(c, r)) {
      sim_finding f = {ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, 0, op, NULL, asc_sim_cur_pipe(c, op), -1,
                       r->mem, lo, hi};
      asc_sim_found(c, &f, "%s: use after free: the tensor's queue buffer (UB bytes [%lld, %lld)) was "
                     "released by free_tensor", opname, (long long)r->off, (long long)(r->off + r->len));
      return NULL;
    }
    asc_sim_san_access(c, r->mem, lo, nbytes, what[0] == 'w');
  }
  if (!isgm && nbytes > 0) {
    c->ub_lo = lo < c->ub_lo ? lo : c->ub_lo;
    c->ub_hi = hi > c->ub_hi ? hi : c->ub_hi;
  }
  return nbytes > 0 ? base + lo : base;
}
