/* trace.c - the simulator's per-instruction trace as Chrome / Perfetto trace-event JSON
 * (hardware.md §14: msprof op simulator's trace.json).  One process per core, one thread
 * per pipe with msprof's row names, one complete event ('X') per instruction, and a flow
 * ('s' -> 'f') from each set_flag to the wait_flag it released; a core's start-up (the scalar
 * work before its first block, docs/timing.md) is one 'X' event on its scalar row.  Timestamps are µs at the
 * platform clock.  Records arrive per block in issue order; the output is deterministic. */
#include <stdio.h>

#include "hw/hw.h"
#include "sim/trace.h"

static const char *rowname(int pipe) { return asc_hw_pipe_row(pipe); } /* hw.def */

/* s as a JSON string body (file names may hold quotes or backslashes). */
static void putstr(FILE *f, const char *s) {
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    if ((unsigned char)*s >= 0x20)
      fputc(*s, f);
  }
}

static void metadata(FILE *f, const sim_tblock *b, int n, bool *first) {
  bool seen[4096] = {false};
  for (int i = 0; i < n; i++) {
    int k = b[i].core;
    if (k < 0 || k >= 4096 || seen[k])
      continue;
    seen[k] = true;
    fprintf(f, "%s{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"core %d (%s)\"}}",
            *first ? "" : ",\n", k, k, asc_hw_core_name(b[i].kind));
    *first = false;
    for (int p = 0; p < ASC_SIM_NPIPES; p++)
      fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"%s\"}}",
              k, p, rowname(p));
  }
}

static void event(FILE *f, const sim_tblock *b, int block, const sim_trec *r, double mhz) {
  asc_loc loc = asc_op_diag_loc(asc_sim_inst_op(r->in));
  double ts = (double)(b->start + r->start) / mhz, dur = (double)(r->end - r->start) / mhz;
  fprintf(f, ",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%.4f,\"dur\":%.4f,"
          "\"args\":{\"op\":\"%s\",\"loc\":\"", asc_op_name(asc_sim_inst_op(r->in)), r->kind == SIM_Q_EXEC ? "inst" : "sync",
          b->core, r->pipe, ts, dur, asc_op_name(asc_sim_inst_op(r->in)));
  putstr(f, loc.file ? loc.file : "?");
  fprintf(f, ":%d\",\"block\":%d", loc.line, block);
  if (r->kind == SIM_Q_EXEC && r->pipe != ASC_PIPEID_PIPE_S)
    fprintf(f, ",\"%s\":%lld", r->pipe == ASC_PIPEID_PIPE_V ? "repeats" : "bytes", (long long)r->amount);
  fputs("}}", f);
  /* flow ids: unique over blocks */
  long long id = (long long)block << 32 | (long long)r->flow;
  if (r->kind == SIM_Q_SET && r->flow)
    fprintf(f, ",\n{\"name\":\"flag\",\"cat\":\"flag\",\"ph\":\"s\",\"id\":%lld,\"pid\":%d,\"tid\":%d,\"ts\":%.4f}",
            id, b->core, r->pipe, ts);
  else if (r->kind == SIM_Q_WAIT && r->flow) /* at the release, one cycle before the wait ends */
    fprintf(f, ",\n{\"name\":\"flag\",\"cat\":\"flag\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%lld,\"pid\":%d,\"tid\":%d,"
            "\"ts\":%.4f}", id, b->core, r->pipe, (double)(b->start + r->end - 1) / mhz);
}

static void startup(FILE *f, const sim_tblock *b, int block, double mhz) {
  fprintf(f, ",\n{\"name\":\"start-up\",\"cat\":\"startup\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%.4f,"
          "\"dur\":%.4f,\"args\":{\"block\":%d}}", b->core, ASC_PIPEID_PIPE_S, (double)(b->start - b->startup) / mhz,
          (double)b->startup / mhz, block);
}

int asc_sim_trace_write(asc_ctx *ctx, const char *path, const sim_tblock *b, int nblocks, double mhz) {
  FILE *f = fopen(path, "w");
  if (!f) {
    asc_error(ctx, ASC_LOC_UNKNOWN, "cannot write the trace file '%s'", path);
    return -1;
  }
  bool first = true;
  fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", f);
  metadata(f, b, nblocks, &first);
  for (int i = 0; i < nblocks; i++) {
    if (b[i].startup > 0)
      startup(f, &b[i], i, mhz);
    for (int k = 0; k < b[i].nrecs; k++)
      event(f, &b[i], i, &b[i].recs[k], mhz);
  }
  fputs("\n]}\n", f);
  if (fclose(f)) {
    asc_error(ctx, ASC_LOC_UNKNOWN, "cannot write the trace file '%s'", path);
    return -1;
  }
  return 0;
}
