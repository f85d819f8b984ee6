/* print.c - device printing (api.md §13; API printf.md, DumpTensor.md): printf, dump_tensor and
 * print_time_stamp append text to the core's dump buffer (1 MiB per core, as on the device);
 * when the block is committed its text goes onto the launch report behind a dump header, so
 * the output is in block order whatever host thread ran what.  The Python layer writes the
 * report's text to stdout after the launch.
 *
 * printf's conversions: %d %i (signed), %u %x %X %o (unsigned, 64-bit as on the NPU), %f %F %e
 * %E %g %G %a (floating), %c, %p and %s (a pointer operand prints as its address: strings are
 * spliced into the format at trace time), %%; flags, width and precision as C's.  A missing
 * operand is an error, extra operands are ignored (as C's printf does). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/vector_int.h"

enum { DUMP_SPACE = 1 << 20 }; /* block_initial_space */

static void put(sim_core *c, const char *s, size_t n) {
  sim_blockout *o = c->out;
  if (!o->pr) {
    o->prblock = c->block, o->prkind = c->kind, o->prsub = c->sub;
  }
  if (o->prfull)
    return;
  if (o->prn + n > DUMP_SPACE) {
    o->prfull = true;
    n = DUMP_SPACE - o->prn;
  }
  if (o->prn + n + 1 > o->prcap) {
    size_t cap = o->prcap ? o->prcap : 256;
    while (cap < o->prn + n + 1)
      cap *= 2;
    char *p = realloc(o->pr, cap);
    if (!p)
      asc_die("out of memory");
    o->pr = p, o->prcap = cap;
  }
  memcpy(o->pr + o->prn, s, n);
  o->prn += n;
  o->pr[o->prn] = 0;
}

static void putf(sim_core *c, const char *fmt, ...) ASC_PRINTF(2, 3);
static void putf(sim_core *c, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  put(c, buf, n < 0 ? 0 : (size_t)n >= sizeof buf ? sizeof buf - 1 : (size_t)n);
}

static bool isfloat(const sim_inst *in, int i) { return asc_type_is_float(sim_intype(in, i)); }

int asc_exec_printfop(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "fmt");
  const char *f = a && a->s ? a->s : "";
  size_t n = a ? a->slen : 0;
  int arg = 0;
  for (size_t i = 0; i < n;) {
    if (f[i] != '%') {
      size_t j = i;
      while (j < n && f[j] != '%')
        j++;
      put(c, f + i, j - i);
      i = j;
      continue;
    }
    if (i + 1 < n && f[i + 1] == '%') {
      put(c, "%", 1);
      i += 2;
      continue;
    }
    size_t j = i + 1; /* flags, width, precision, length modifiers */
    while (j < n && strchr("-+ #0", f[j]))
      j++;
    while (j < n && ((f[j] >= '0' && f[j] <= '9') || f[j] == '.'))
      j++;
    while (j < n && strchr("hlLqjzt", f[j]))
      j++;
    if (j >= n)
      return asc_sim_err(c, in->op, "asc.printf: the format ends inside a conversion");
    char conv = f[j], spec[64];
    size_t sl = 0;
    for (size_t k = i; k < j && sl < sizeof spec - 4; k++)
      if (!strchr("hlLqjzt", f[k]))
        spec[sl++] = f[k];
    if (!strchr("diuxXofFeEgGaAcps", conv))
      return asc_sim_err(c, in->op, "asc.printf: unknown conversion '%%%c'", conv);
    if (arg >= in->nin)
      return asc_sim_err(c, in->op, "asc.printf: the format needs more than the %d value(s) given", in->nin);
    const sim_val *v = sim_in(c, in, arg);
    const asc_type *t = sim_intype(in, arg);
    bool ptr = asc_sim_is_gm_type(t) || t->kind == ASC_TY_LTENSOR;
    arg++;
    if (conv == 'p' || conv == 's' || ptr) {
      putf(c, "0x%llx", (unsigned long long)(ptr ? v->off : v->i));
    } else if (strchr("fFeEgGaA", conv)) {
      memcpy(spec + sl, (char[]){conv, 0}, 2);
      putf(c, spec, isfloat(in, arg - 1) ? v->f : (double)v->i);
    } else if (conv == 'c') {
      memcpy(spec + sl, "c", 2);
      putf(c, spec, (int)v->i);
    } else {
      bool sgn = conv == 'd' || conv == 'i';
      memcpy(spec + sl, (char[]){'l', 'l', conv, 0}, 4);
      int64_t x = isfloat(in, arg - 1) ? (int64_t)v->f : v->i;
      if (!sgn && !isfloat(in, arg - 1) && t->kind == ASC_TY_INT && t->width < 64 && x < 0)
        x &= (int64_t)((1ull << t->width) - 1); /* an unsigned view of a narrower signed value */
      if (sgn)
        putf(c, spec, (long long)x);
      else
        putf(c, spec, (unsigned long long)x);
    }
    i = j + 1;
  }
  asc_sim_scalar(c, c->L->cost->scalar_op * (int64_t)(1 + in->nin));
  return 0;
}

static void putval(sim_core *c, int dt, const uint8_t *p) {
  if (asc_sim_dt_float(dt))
    putf(c, "%f", asc_sim_loadf(dt, p));
  else if (dt == ASC_SIM_U64)
    putf(c, "%llu", (unsigned long long)asc_sim_loadi(dt, p));
  else
    putf(c, "%lld", (long long)asc_sim_loadi(dt, p));
}

/* The elements nested by shape dims[0..nd) (outermost first), '-' past n. */
static void nest(sim_core *c, int dt, const uint8_t *p, int64_t n, const int64_t *dims, int nd, int d, int64_t *k,
                 bool last) {
  put(c, "[", 1);
  for (int64_t i = 0; i < dims[d]; i++) {
    bool end = i + 1 == dims[d];
    if (d + 1 < nd) {
      nest(c, dt, p, n, dims, nd, d + 1, k, last && end);
    } else {
      if (*k < n)
        putval(c, dt, p + *k * asc_sim_dtype_size(dt));
      else
        put(c, "-", 1);
      (*k)++;
    }
    if (!end)
      put(c, d + 1 < nd ? ",\n" : ",", d + 1 < nd ? 2 : 1);
  }
  put(c, "]", 1);
  if (d == 0)
    put(c, "\n", 1);
  (void)last;
}

static int dumpat(sim_core *c, const sim_inst *in, int64_t desc, int64_t eoff, int64_t n, int nd);

int asc_exec_dumptensor(sim_core *c, const sim_inst *in) {
  return dumpat(c, in, sim_in(c, in, ASC_OPND_DUMP_TENSOR_desc)->i, 0, sim_in(c, in, ASC_OPND_DUMP_TENSOR_dump_size)->i,
                in->nin - 3);
}

/* dump_acc_chk_point(t, index, count_off, dump_size): dump_tensor from element count_off on; a dump of
 * more than 30 KB prints nothing (API DumpAccChkPoint.md), with a warning. */
int asc_exec_dumpaccchk(sim_core *c, const sim_inst *in) {
  int dt = asc_sim_elem_dtype(sim_intype(in, 0));
  int64_t off = sim_in(c, in, ASC_OPND_DUMP_ACC_CHK_POINT_count_off)->i,
      n = sim_in(c, in, ASC_OPND_DUMP_ACC_CHK_POINT_dump_size)->i;
  if (dt < 0 || off < 0 || n < 0)
    return asc_sim_err(c, in->op, "asc.dump_acc_chk_point: count_off %lld and dump_size %lld must not be negative",
                       (long long)off, (long long)n);
  int esz = asc_sim_dtype_size(dt);
  const sim_val *t = sim_in(c, in, ASC_OPND_DUMP_ACC_CHK_POINT_tensor);
  if (t->mem == SIM_MEM_UB && (t->off + off * esz) % 32)
    return asc_sim_err(c, in->op, "asc.dump_acc_chk_point: UB byte %lld (count_off %lld) is not 32-byte aligned",
                       (long long)(t->off + off * esz), (long long)off);
  if (n * esz > 30 * 1024) {
    asc_sim_warn_once(c, in, "asc.dump_acc_chk_point: %lld bytes are over the 30 KB one call prints: nothing is "
                      "printed", (long long)(n * esz));
    return asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL);
  }
  return dumpat(c, in, sim_in(c, in, ASC_OPND_DUMP_ACC_CHK_POINT_index)->i, off, n, 0);
}

static int dumpat(sim_core *c, const sim_inst *in, int64_t desc, int64_t eoff, int64_t n, int nd) {
  if (asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL)) /* the device dump waits for the data */
    return -1;
  const sim_val *t = sim_in(c, in, ASC_OPND_DUMP_TENSOR_tensor);
  int dt = asc_sim_elem_dtype(sim_intype(in, 0));
  if (dt < 0)
    return asc_sim_err(c, in->op, "asc.dump_tensor: the tensor's element type cannot be printed");
  if (n < 0)
    return asc_sim_err(c, in->op, "asc.dump_tensor: negative dump_size %lld", (long long)n);
  int64_t dims[8], shape = 1;
  if (nd > 8)
    return asc_sim_err(c, in->op, "asc.dump_tensor: a ShapeInfo has at most 8 dimensions, got %d", nd);
  for (int i = 0; i < nd; i++) {
    dims[i] = sim_in(c, in, 3 + i)->i;
    if (dims[i] < 1)
      return asc_sim_err(c, in->op, "asc.dump_tensor: shape dimension %d is %lld", i, (long long)dims[i]);
    shape *= dims[i];
  }
  const uint8_t *p = n ? asc_sim_mem(c, in->op, t, eoff * asc_sim_dtype_size(dt), n * asc_sim_dtype_size(dt), "read")
                       : NULL;
  if (n && !p)
    return -1;
  static const char *const names[] = {"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32",
                                      "int64", "uint8", "uint16", "uint32", "uint64", "bool"};
  putf(c, "DumpTensor: desc=%lld, addr=0x%llx, data_type=%s, position=%s, dump_size=%lld\n", (long long)desc,
       (unsigned long long)(t->off + eoff * asc_sim_dtype_size(dt)), names[dt], t->mem == SIM_MEM_UB ? "UB" : "GM", (long long)n);
  if (nd) {
    if (shape != n) {
      put(c, "shape is [", 10);
      for (int i = 0; i < nd; i++)
        putf(c, i ? ", %lld" : "%lld", (long long)dims[i]);
      putf(c, "], dumpSize is %lld, %s\n", (long long)n,
           shape < n ? "dumpSize is greater than shapeSize." : "data is not enough.");
    }
    int64_t k = 0;
    nest(c, dt, p, n, dims, nd, 0, &k, true);
  } else {
    put(c, "[", 1);
    for (int64_t i = 0; i < n; i++) {
      if (i)
        put(c, ", ", 2);
      putval(c, dt, p + i * asc_sim_dtype_size(dt));
    }
    put(c, "]\n", 2);
  }
  asc_sim_scalar(c, c->L->cost->get_value * (n + 1));
  return 0;
}

/* LocalTensor.print(len): a line per 32-byte block, '%04lld: ' and the values (%g for floats). */
int asc_exec_ltprint(sim_core *c, const sim_inst *in) {
  if (asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL))
    return -1;
  int dt = asc_sim_elem_dtype(sim_intype(in, 0));
  int64_t n = sim_in(c, in, ASC_OPND_LT_PRINT_count)->i;
  if (dt < 0 || n < 0)
    return asc_sim_err(c, in->op, "LocalTensor.print: %lld elements", (long long)n);
  int esz = asc_sim_dtype_size(dt), per = 32 / esz;
  const uint8_t *p = n ? asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_LT_PRINT_tensor), 0, n * esz, "read") : NULL;
  if (n && !p)
    return -1;
  for (int64_t i = 0; i < n; i++) {
    if (i % per == 0)
      putf(c, "%s%04lld:", i ? "\n" : "", (long long)i);
    if (asc_sim_dt_float(dt))
      putf(c, " %g", asc_sim_loadf(dt, p + i * esz));
    else
      putf(c, dt == ASC_SIM_U64 ? " %llu" : " %lld", (long long)asc_sim_loadi(dt, p + i * esz));
  }
  if (n)
    put(c, "\n", 1);
  asc_sim_scalar(c, c->L->cost->get_value * (n + 1));
  return 0;
}

int asc_exec_printtimestamp(sim_core *c, const sim_inst *in) {
  putf(c, "descId is %lld, timeStamp is %lld, pc is %d\n",
       (long long)sim_in(c, in, ASC_OPND_PRINT_TIME_STAMP_desc_id)->i, (long long)c->sclk,
       in->id);
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

/* LocalTensor.to_file(name) (API ToFile: "CPU debugging only; the LocalTensor's data is dumped to a file in
 * the working directory"): after every pipe drains, a snapshot of the tensor's bytes; the file is written
 * when the block commits (in block order, so with several blocks the last block's snapshot remains). */
int asc_exec_ltofile(sim_core *c, const sim_inst *in) {
  if (asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL))
    return -1;
  const asc_attr *a = asc_op_attr(in->op, "file");
  if (!a || !a->s || !a->slen || memchr(a->s, 0, a->slen))
    return asc_sim_err(c, in->op, "LocalTensor.to_file: the file name is empty or contains a NUL byte");
  const sim_val *t = sim_in(c, in, ASC_OPND_LT_TO_FILE_tensor);
  int64_t n = t->len > 0 ? t->len : 0;
  const uint8_t *p = n ? asc_sim_mem(c, in->op, t, 0, n, "read") : NULL;
  if (n && !p)
    return -1;
  sim_blockout *o = c->out;
  if (o->nfiles == o->capfiles) {
    int cap = o->capfiles ? 2 * o->capfiles : 4;
    sim_tofile *f = realloc(o->files, (size_t)cap * sizeof *f);
    if (!f)
      asc_die("out of memory");
    o->files = f, o->capfiles = cap;
  }
  sim_tofile *f = &o->files[o->nfiles++];
  *f = (sim_tofile){in->op, malloc(a->slen + 1), malloc(n ? (size_t)n : 1), (size_t)n};
  if (!f->name || !f->data)
    asc_die("out of memory");
  memcpy(f->name, a->s, a->slen);
  f->name[a->slen] = 0;
  if (n)
    memcpy(f->data, p, (size_t)n);
  asc_sim_scalar(c, c->L->cost->get_value * (n / 32 + 1));
  return 0;
}

static void tofile_commit(const sim_launch *L, const sim_blockout *out) {
  for (int i = 0; i < out->nfiles; i++) {
    const sim_tofile *f = &out->files[i];
    FILE *fp = fopen(f->name, "wb");
    bool ok = fp && fwrite(f->data, 1, f->n, fp) == f->n;
    if (fp && fclose(fp))
      ok = false;
    if (!ok)
      asc_diag(L->ctx, f->op->loc, ASC_SEV_WARNING, "LocalTensor.to_file: cannot write '%s'", f->name);
  }
}

void asc_sim_print_commit(const sim_launch *L, sim_blockout *out, asc_sim_report *rep) {
  tofile_commit(L, out);
  if (!out->pr)
    return;
  const asc_attr *name = asc_op_attr(L->func, "sym_name");
  const char *kind = out->prkind == ASC_HW_AIC ? "AIC" : "AIV";
  int id = out->prkind == ASC_HW_AIC ? out->prblock : out->prblock * (L->naiv ? L->naiv : 1) + out->prsub;
  char head[768];
  int hl = snprintf(head, sizeof head,
                    "opType=%.200s, DumpHead: %s-%d, CoreType=%s, block dim=%d, total_block_num=%d, "
                    "block_remain_len=%zu, block_initial_space=%d, rsv=0, magic=5aa5bccd\n"
                    "CANN Version: openasc %s, TimeStamp: 0\n",
                    name && name->s ? name->s : "?", kind, id, kind, L->blocks, L->blocks,
                    (size_t)DUMP_SPACE - out->prn, DUMP_SPACE, ASC_VERSION);
  static const char full[] = "[openasc: this core's 1 MiB dump buffer is full; later output was dropped]\n";
  size_t hn = hl < 0 ? 0 : (size_t)hl >= sizeof head ? sizeof head - 1 : (size_t)hl;
  size_t add = hn + out->prn + (out->prfull ? sizeof full - 1 : 0);
  char *p = realloc(rep->print, rep->nprint + add + 1);
  if (!p)
    asc_die("out of memory");
  memcpy(p + rep->nprint, head, hn);
  memcpy(p + rep->nprint + hn, out->pr, out->prn);
  if (out->prfull)
    memcpy(p + rep->nprint + hn + out->prn, full, sizeof full - 1);
  rep->print = p;
  rep->nprint += add;
  p[rep->nprint] = 0;
}

int asc_exec_mprofstart(sim_core *c, const sim_inst *in) {
  if (c->mprof_on)
    return asc_sim_err(c, in->op, "asc.metrics_prof_start: a metrics region is already running (no metrics_prof_stop)");
  c->mprof_on = true;
  c->mprof_t0 = c->sclk;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_exec_mprofstop(sim_core *c, const sim_inst *in) {
  if (!c->mprof_on)
    return asc_sim_err(c, in->op, "asc.metrics_prof_stop: no metrics_prof_start before it");
  c->mprof_on = false;
  c->mprof_cycles += c->sclk - c->mprof_t0;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

/* ---- check_local_memory_ia: 4 exception registers over UB ranges (API CheckLocalMemoryIA.md) ---- */
enum { IA_SR = 1, IA_SW = 2, IA_VR = 4, IA_VW = 8, IA_MR = 16, IA_MW = 32 };

int asc_exec_checkia(sim_core *c, const sim_inst *in) {
  int64_t k = sim_in(c, in, ASC_OPND_CHECK_LOCAL_MEMORY_IA_check_addr)->i,
      s = sim_in(c, in, ASC_OPND_CHECK_LOCAL_MEMORY_IA_check_upper_addr)->i,
          e = sim_in(c, in, ASC_OPND_CHECK_LOCAL_MEMORY_IA_check_idx)->i;
  if (k < 0 || k > 3)
    return asc_sim_err(c, in->op, "asc.check_local_memory_ia: enable_bit %lld is not 0..3", (long long)k);
  if (s < 0 || s > 65535 || e < 0 || e > 65535)
    return asc_sim_err(c, in->op, "asc.check_local_memory_ia: start_addr %lld and end_addr %lld (32 B units) must "
                       "be in 0..65535", (long long)s, (long long)e);
  uint8_t kinds = 0;
  for (int i = 0; i < 6; i++)
    if (sim_in(c, in, ASC_OPND_CHECK_LOCAL_MEMORY_IA_is_enable_ovf + i)->i)
      kinds |= (uint8_t)(1u << i);
  bool on = sim_in(c, in, ASC_OPND_CHECK_LOCAL_MEMORY_IA_is_enable_bt)->i != 0;
  c->ia[k].lo = (s + 1) * 32; /* (start, end] in 32-byte blocks */
  c->ia[k].hi = (e + 1) * 32;
  c->ia[k].kinds = kinds;
  c->ia_on = (uint8_t)(on ? c->ia_on | (1u << k) : c->ia_on & ~(1u << k));
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_sim_ia_check(sim_core *c, const asc_op *op, int64_t lo, int64_t hi, bool write) {
  int pipe = asc_sim_cur_pipe(c, op);
  uint8_t kind = pipe == ASC_PIPEID_PIPE_S ? (write ? IA_SW : IA_SR)
                 : pipe == ASC_PIPEID_PIPE_V ? (write ? IA_VW : IA_VR)
                                             : (write ? IA_MW : IA_MR);
  for (int k = 0; k < 4; k++)
    if ((c->ia_on >> k & 1) && (c->ia[k].kinds & kind) && lo < c->ia[k].hi && c->ia[k].lo < hi)
      return asc_sim_err(c, op, "%s: EXCEPTION: %s %s of UB bytes [%lld, %lld) inside the range checked by "
                         "exception register %d (bytes [%lld, %lld), check_local_memory_ia)", asc_op_name(op),
                         pipe == ASC_PIPEID_PIPE_S ? "scalar" : pipe == ASC_PIPEID_PIPE_V ? "vector" : "MTE",
                         write ? "write" : "read", (long long)lo, (long long)hi, k, (long long)c->ia[k].lo,
                         (long long)c->ia[k].hi);
  return 0;
}

