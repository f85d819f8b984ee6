/* profile.c - the profile directory of one launch (docs/profile.md), after msprof op and
 * msprof op simulator (hardware.md §14):
 *   OpBasicInfo.csv      task duration, block dim, frequency
 *   PipeUtilization.csv  per core: aiv_time(us), aiv_total_cycles, aiv_<pipe>_time(us) and
 *                        aiv_<pipe>_ratio (aic_cube / aic_mte1 / aic_fixpipe when those pipes ran)
 *   code_exe.csv         per core and source line: calls, cycles, us, share
 *   instr_exe.csv        per core and instruction: op, pipe, calls, cycles, busy cycles, bytes
 *   trace.json           the Perfetto trace (trace.c)
 *   timeline.html        one self-contained page: the template timeline.html (embedded at
 *                        build time as asc_timeline_html) with the launch's data as JSON.
 * Cycles attributed to instructions come from sim/profile.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hw/hw.h"
#include "sim/trace.h"

extern const char asc_timeline_html[]; /* generated from src/emit/timeline.html */

enum { MAXEVENTS = 400000 }; /* timeline.html draws at most this many records */

/* msprof's rows (hardware.md §14), in msprof's order; names and column stems from the hw table. */
static const int PIPES[] = {ASC_PIPEID_PIPE_V,    ASC_PIPEID_PIPE_S,    ASC_PIPEID_PIPE_M,  ASC_PIPEID_PIPE_MTE1,
                            ASC_PIPEID_PIPE_MTE2, ASC_PIPEID_PIPE_MTE3, ASC_PIPEID_PIPE_FIX};
enum { NROWS = sizeof PIPES / sizeof PIPES[0] };

/* Whether the pipe is only on the cube core (its columns are aic_*). */
static bool aiconly(int pipe) { return !asc_hw_core_has_pipe(ASC_HW_AIV, pipe); }

/* The pipe an instruction's records are on (the scalar unit's own work: PIPE_S). */
static int pipe_of(const sim_inst *in) {
  int pipe = asc_sim_inst_pipe(in);
  return pipe < 0 ? ASC_PIPEID_PIPE_S : pipe;
}

static const char *rowof(int pipe) {
  for (int i = 0; i < NROWS; i++)
    if (PIPES[i] == pipe)
      return asc_hw_pipe_row(pipe);
  const char *n = asc_sim_pipe_name(pipe);
  return n ? n : "?";
}

/* mkdir -p */
static int mkdirs(const char *dir) {
  char *p = strdup(dir);
  if (!p)
    asc_die("out of memory");
  int rc = 0;
  for (char *s = p + 1;; s++) {
    char c = *s;
    if (c == '/' || !c) {
      *s = 0;
      if (mkdir(p, 0777) && errno != EEXIST)
        rc = -1;
      *s = c;
    }
    if (!c)
      break;
  }
  struct stat st;
  if (stat(p, &st) || !S_ISDIR(st.st_mode))
    rc = -1;
  free(p);
  return rc;
}

typedef struct out {
  const sim_prof *p;
  char *path;
  FILE *f;
} out;

static int openf(out *o, const char *name) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_printf(&sb, "%s/%s", o->p->dir, name);
  free(o->path);
  o->path = sb.data;
  if (!(o->f = fopen(o->path, "w")))
    asc_error(o->p->ctx, ASC_LOC_UNKNOWN, "profile: cannot write '%s': %s", o->path, strerror(errno));
  return o->f ? 0 : -1;
}

static int closef(out *o) {
  if (fclose(o->f)) {
    asc_error(o->p->ctx, ASC_LOC_UNKNOWN, "profile: cannot write '%s'", o->path);
    return -1;
  }
  return 0;
}

/* A CSV field: quoted, quotes doubled. */
static void csvstr(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; s && i < n && s[i]; i++) {
    if (s[i] == '"')
      fputc('"', f);
    if ((unsigned char)s[i] >= 0x20 || s[i] == '\t')
      fputc(s[i], f);
  }
  fputc('"', f);
}

/* A JSON string; "</" is written "<\/" so the data cannot close the page's script. */
static void jstr(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; s && i < n && s[i]; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c == '/' && i && s[i - 1] == '<')
      fputs("\\/", f);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static double mhz(const sim_prof *p) { return p->plat->mhz; }
static int64_t total(const sim_prof *p) { return p->rep->cycles + p->launch_cycles; }

static bool pipeused(const sim_prof *p, int pipe) {
  for (int k = 0; k < p->rep->ncores; k++)
    if (p->rep->cores[k].busy[pipe])
      return true;
  return false;
}

static int opbasic(out *o) {
  const sim_prof *p = o->p;
  if (openf(o, "OpBasicInfo.csv"))
    return -1;
  bool aic = pipeused(p, ASC_PIPEID_PIPE_M) || pipeused(p, ASC_PIPEID_PIPE_MTE1) || pipeused(p, ASC_PIPEID_PIPE_FIX);
  fputs("Op Name,Op Type,Task Type,Task Duration(us),Task Cycles,Block Dim,Mix Block Dim,Device Id,Pid,"
        "Current Freq,Rated Freq,Platform,Cores Used\n", o->f);
  csvstr(o->f, p->kernel, SIZE_MAX);
  fputc(',', o->f);
  csvstr(o->f, p->kernel, SIZE_MAX);
  fprintf(o->f, ",%s,%.3f,%lld,%d,0,0,%ld,%.0f,%.0f,%s,%d\n", aic ? "MIX_AIC" : "AI_VECTOR_CORE",
          (double)total(p) / mhz(p), (long long)total(p), p->blocks, (long)getpid(), mhz(p), mhz(p),
          p->plat->name, p->rep->ncores);
  return closef(o);
}

/* Whether PipeUtilization.csv has columns for pipe: a cube-only launch runs on AIC cores (msprof's
 * aic_* columns, and no pipe the AIC lacks); AIC-only pipes appear once a launch used one. */
static bool utilcols(int pipe, bool cubeonly, bool aicols) {
  return (!aiconly(pipe) || aicols) && (!cubeonly || asc_hw_core_has_pipe(ASC_HW_AIC, pipe));
}

static int pipeutil(out *o) {
  const sim_prof *p = o->p;
  if (openf(o, "PipeUtilization.csv"))
    return -1;
  bool cubeonly = p->naic && !p->naiv, aicols = cubeonly;
  const char *kp = cubeonly ? "aic" : "aiv";
  for (int i = 0; i < NROWS; i++)
    aicols |= aiconly(PIPES[i]) && pipeused(p, PIPES[i]);
  fprintf(o->f, "block_id,sub_block_id,blocks,%s_time(us),%s_total_cycles", kp, kp);
  for (int i = 0; i < NROWS; i++)
    if (utilcols(PIPES[i], cubeonly, aicols)) {
      const char *pre = aiconly(PIPES[i]) || cubeonly ? "aic_" : "aiv_", *col = asc_hw_pipe_col(PIPES[i]);
      fprintf(o->f, ",%s%s_time(us),%s%s_ratio,%s%s_sum_time(us),%s%s_blocked_cycles", pre, col, pre, col, pre,
              col, pre, col);
    }
  fputc('\n', o->f);
  for (int k = 0; k < p->rep->ncores; k++) {
    const asc_sim_core_report *c = &p->rep->cores[k];
    fprintf(o->f, "%d,%s%d,%d,%.4f,%lld", k, kp, k, c->blocks, (double)c->cycles / mhz(p), (long long)c->cycles);
    for (int i = 0; i < NROWS; i++)
      if (utilcols(PIPES[i], cubeonly, aicols)) {
        /* time and ratio: the union of the pipe's instruction intervals, which is what msprof's pipe time
         * matches in the model (anchor M1: 128-byte copies overlap in the model, not in msprof's figure);
         * next to them the plain sum of the instruction durations (docs/timing.md) */
        int64_t b = c->busy[PIPES[i]];
        fprintf(o->f, ",%.4f,%.4f,%.4f,%lld", (double)b / mhz(p), c->cycles ? (double)b / (double)c->cycles : 0.0,
                (double)c->busy_sum[PIPES[i]] / mhz(p), (long long)c->blocked[PIPES[i]]);
      }
    fputc('\n', o->f);
  }
  return closef(o);
}

/* ---- per line ---- */
typedef struct lcost {
  const char *file;
  int line;
  int64_t calls, cycles;
} lcost;

static int bylinepos(const void *a, const void *b) {
  const lcost *x = a, *y = b;
  int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
  return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The lines of core k's instructions (or of every core, k < 0), sorted by file and line. */
static lcost *linecosts(const sim_prof *p, int k, int *nout) {
  int ni = p->ninsts, n = 0;
  lcost *v = calloc((size_t)ni + 1, sizeof *v);
  if (!v)
    asc_die("out of memory");
  for (int kk = k < 0 ? 0 : k; kk < (k < 0 ? p->rep->ncores : k + 1); kk++)
    for (int i = 0; i < ni; i++) {
      const sim_icost *c = &p->core[kk][i];
      if (!c->in || (!c->calls && !c->cycles))
        continue;
      asc_loc loc = asc_op_diag_loc(asc_sim_inst_op(c->in));
      int j = 0;
      while (j < n && !(v[j].file == loc.file && v[j].line == loc.line))
        j++;
      if (j == n)
        v[n++] = (lcost){loc.file, loc.line, 0, 0};
      v[j].calls += c->calls;
      v[j].cycles += c->cycles;
    }
  qsort(v, (size_t)n, sizeof *v, bylinepos);
  *nout = n;
  return v;
}

static int codeexe(out *o) {
  const sim_prof *p = o->p;
  if (openf(o, "code_exe.csv"))
    return -1;
  fputs("core,file,line,source,calls,cycles,us,share(%)\n", o->f);
  for (int k = 0; k < p->rep->ncores; k++) {
    int n;
    lcost *v = linecosts(p, k, &n);
    int64_t cc = p->rep->cores[k].cycles;
    for (int j = 0; j < n; j++) {
      size_t len = 0;
      const char *src = v[j].file ? asc_source_line(p->ctx, v[j].file, v[j].line, &len) : NULL;
      fprintf(o->f, "%d,", k);
      csvstr(o->f, v[j].file ? v[j].file : "?", SIZE_MAX);
      fprintf(o->f, ",%d,", v[j].line);
      csvstr(o->f, src ? src : "", len);
      fprintf(o->f, ",%lld,%lld,%.4f,%.2f\n", (long long)v[j].calls, (long long)v[j].cycles,
              (double)v[j].cycles / mhz(p), cc ? 100.0 * (double)v[j].cycles / (double)cc : 0.0);
    }
    free(v);
  }
  return closef(o);
}

static int instrexe(out *o) {
  const sim_prof *p = o->p;
  if (openf(o, "instr_exe.csv"))
    return -1;
  fputs("core,instr_id,op,pipe,file,line,calls,cycles,us,busy_cycles,bytes,repeats\n", o->f);
  for (int k = 0; k < p->rep->ncores; k++)
    for (int i = 0; i < p->ninsts; i++) {
      const sim_icost *c = &p->core[k][i];
      if (!c->in || (!c->calls && !c->cycles))
        continue;
      asc_loc loc = asc_op_diag_loc(asc_sim_inst_op(c->in));
      int pipe = pipe_of(c->in);
      bool mte = pipe == ASC_PIPEID_PIPE_MTE2 || pipe == ASC_PIPEID_PIPE_MTE3 || pipe == ASC_PIPEID_PIPE_MTE1;
      fprintf(o->f, "%d,%d,%s,%s,", k, i, asc_op_name(asc_sim_inst_op(c->in)), rowof(pipe));
      csvstr(o->f, loc.file ? loc.file : "?", SIZE_MAX);
      fprintf(o->f, ",%d,%lld,%lld,%.4f,%lld,%lld,%lld\n", loc.line, (long long)c->calls, (long long)c->cycles,
              (double)c->cycles / mhz(p), (long long)c->busy, mte ? (long long)c->amount : 0LL,
              pipe == ASC_PIPEID_PIPE_V ? (long long)c->amount : 0LL);
    }
  return closef(o);
}

/* ---- timeline.html ---- */
static int fileidx(const char **files, int *nfiles, const char *f) {
  for (int i = 0; i < *nfiles; i++)
    if (files[i] == f)
      return i;
  files[*nfiles] = f;
  return (*nfiles)++;
}

/* The page's data: one JSON object, written in place of the template's data mark. */
static void pagedata(const sim_prof *p, FILE *f) {
  const asc_sim_report *rep = p->rep;
  fputs("{\"kernel\":", f);
  jstr(f, p->kernel, SIZE_MAX);
  fprintf(f, ",\"platform\":\"%s\",\"mhz\":%.1f,\"cycles\":%lld,\"launch\":%lld,\"blocks\":%d", p->plat->name,
          mhz(p), (long long)total(p), (long long)p->launch_cycles, p->blocks);
  /* rows: msprof's pipes that ran on some core (VECTOR, SCALAR, MTE2, MTE3 always) */
  fputs(",\"pipes\":[", f);
  bool first = true;
  for (int i = 0; i < NROWS; i++)
    if (!aiconly(PIPES[i]) || pipeused(p, PIPES[i])) {
      fprintf(f, "%s{\"id\":%d,\"name\":\"%s\"}", first ? "" : ",", PIPES[i], asc_hw_pipe_row(PIPES[i]));
      first = false;
    }
  fputs("],\"cores\":[", f);
  for (int k = 0; k < rep->ncores; k++) {
    const asc_sim_core_report *c = &rep->cores[k];
    int crit = ASC_PIPEID_PIPE_S;
    for (int i = 0; i < NROWS; i++)
      if (c->busy[PIPES[i]] > c->busy[crit])
        crit = PIPES[i];
    fprintf(f, "%s{\"cycles\":%lld,\"blocks\":%d,\"critical\":\"%s\",\"busy\":{", k ? "," : "", (long long)c->cycles,
            c->blocks, rowof(crit));
    for (int i = 0; i < NROWS; i++)
      fprintf(f, "%s\"%s\":%lld", i ? "," : "", asc_hw_pipe_row(PIPES[i]), (long long)c->busy[PIPES[i]]);
    fputs("},\"blocked\":{", f);
    for (int i = 0; i < NROWS; i++)
      fprintf(f, "%s\"%s\":%lld", i ? "," : "", asc_hw_pipe_row(PIPES[i]), (long long)c->blocked[PIPES[i]]);
    fputs("}}", f);
  }
  /* instructions: [op, pipe row, file index, line, 1 if it has regions (scf.for: its scalar
   * record spans its body's)] by instruction id */
  const char **files = calloc((size_t)p->ninsts + 2, sizeof *files);
  if (!files)
    asc_die("out of memory");
  int nfiles = 0;
  fputs("],\"insts\":[", f);
  for (int i = 0; i < p->ninsts; i++) {
    const sim_inst *in = NULL;
    for (int k = 0; k < rep->ncores && !in; k++)
      in = p->core[k][i].in;
    if (!in) {
      fprintf(f, "%snull", i ? "," : "");
      continue;
    }
    asc_loc loc = asc_op_diag_loc(asc_sim_inst_op(in));
    int pipe = pipe_of(in);
    fprintf(f, "%s[\"%s\",\"%s\",%d,%d,%d]", i ? "," : "", asc_op_name(asc_sim_inst_op(in)), rowof(pipe),
            loc.file ? fileidx(files, &nfiles, loc.file) : -1, loc.line, asc_sim_inst_has_regions(in));
  }
  /* one more, after the instructions: a core's start-up, the scalar work before its first block */
  fprintf(f, "%s[\"start-up\",\"%s\",-1,0,0]", p->ninsts ? "," : "", rowof(ASC_PIPEID_PIPE_S));
  /* records: [core, pipe row index, start, end, inst, kind(0 exec,1 set,2 wait), amount, block] */
  fputs("],\"ev\":[", f);
  int nev = 0, nflows = 0;
  first = true;
  for (int b = 0; b < p->nblocks; b++) {
    const sim_tblock *t = &p->tb[b];
    if (t->startup > 0 && nev < MAXEVENTS) {
      fprintf(f, "%s%d,%d,%lld,%lld,%d,0,0,%d", first ? "" : ",", t->core, ASC_PIPEID_PIPE_S,
              (long long)(t->start - t->startup), (long long)t->start, p->ninsts, b);
      first = false;
      nev++;
    }
    for (int r = 0; r < t->nrecs && nev < MAXEVENTS; r++, nev++) {
      const sim_trec *e = &t->recs[r];
      if (e->pipe == ASC_PIPEID_PIPE_S && e->kind == SIM_Q_EXEC && e->end - e->start <= 0)
        continue;
      fprintf(f, "%s%d,%d,%lld,%lld,%d,%d,%lld,%d", first ? "" : ",", t->core, e->pipe,
              (long long)(t->start + e->start), (long long)(t->start + e->end), asc_sim_inst_id(e->in),
              e->kind == SIM_Q_SET ? 1 : e->kind == SIM_Q_EXEC ? 0 : 2, (long long)e->amount, b);
      first = false;
    }
  }
  /* flows: [core, pipe, set time, core, pipe, wait release time] per set_flag -> wait_flag */
  fputs("],\"flows\":[", f);
  first = true;
  for (int b = 0; b < p->nblocks; b++) {
    const sim_tblock *t = &p->tb[b];
    int *setof = malloc(sizeof *setof * ((size_t)t->nrecs + 1));
    if (!setof)
      asc_die("out of memory");
    for (int r = 0; r <= t->nrecs; r++)
      setof[r] = -1;
    for (int r = 0; r < t->nrecs; r++)
      if (t->recs[r].kind == SIM_Q_SET && t->recs[r].flow > 0 && t->recs[r].flow <= t->nrecs)
        setof[t->recs[r].flow] = r;
    for (int r = 0; r < t->nrecs && nflows < MAXEVENTS; r++) {
      const sim_trec *w = &t->recs[r];
      if (w->kind != SIM_Q_WAIT || w->flow <= 0 || w->flow > t->nrecs || setof[w->flow] < 0)
        continue;
      const sim_trec *s = &t->recs[setof[w->flow]];
      fprintf(f, "%s%d,%d,%lld,%d,%d,%lld", first ? "" : ",", t->core, s->pipe, (long long)(t->start + s->start),
              t->core, w->pipe, (long long)(t->start + w->end - 1));
      first = false;
      nflows++;
    }
    free(setof);
  }
  fprintf(f, "],\"truncated\":%s", nev >= MAXEVENTS ? "true" : "false");
  /* sources: for each file, the lines from a little before the first costed line to the last,
   * with the cycles and calls of each (every core) */
  int nl;
  lcost *lv = linecosts(p, -1, &nl);
  fprintf(f, ",\"core_cycles\":%lld,\"files\":[", (long long)rep->core_cycles);
  for (int i = 0; i < nfiles; i++) {
    int lo = 0, hi = 0;
    for (int j = 0; j < nl; j++)
      if (lv[j].file == files[i] && lv[j].line > 0) {
        lo = lo && lo < lv[j].line ? lo : lv[j].line;
        hi = hi > lv[j].line ? hi : lv[j].line;
      }
    lo = lo > 3 ? lo - 3 : 1;
    fprintf(f, "%s{\"name\":", i ? "," : "");
    jstr(f, files[i], SIZE_MAX);
    fprintf(f, ",\"first\":%d,\"lines\":[", lo);
    for (int l = lo; l <= hi; l++) {
      size_t len = 0;
      const char *s = asc_source_line(p->ctx, files[i], l, &len);
      fputs(l > lo ? "," : "", f);
      jstr(f, s ? s : "", s ? len : 0);
    }
    fputs("],\"cost\":[", f);
    bool fc = true;
    for (int j = 0; j < nl; j++)
      if (lv[j].file == files[i]) {
        fprintf(f, "%s[%d,%lld,%lld]", fc ? "" : ",", lv[j].line, (long long)lv[j].cycles, (long long)lv[j].calls);
        fc = false;
      }
    fputs("]}", f);
  }
  fputs("]}", f);
  free(lv);
  free(files);
}

static int timeline(out *o) {
  if (openf(o, "timeline.html"))
    return -1;
  static const char mark[] = "/*@DATA@*/";
  const char *t = asc_timeline_html, *at = strstr(t, mark);
  if (!at) { /* the build embeds the template; a template without the mark is a build bug */
    fclose(o->f);
    asc_error(o->p->ctx, ASC_LOC_UNKNOWN, "profile: the embedded timeline template has no data mark");
    return -1;
  }
  fwrite(t, 1, (size_t)(at - t), o->f);
  pagedata(o->p, o->f);
  fputs(at + sizeof mark - 1, o->f);
  return closef(o);
}

int asc_sim_profile_write(const sim_prof *p) {
  if (mkdirs(p->dir)) {
    asc_error(p->ctx, ASC_LOC_UNKNOWN, "profile: cannot create the directory '%s'", p->dir);
    return -1;
  }
  out o = {p, NULL, NULL};
  int rc = opbasic(&o);
  if (!rc)
    rc = pipeutil(&o);
  if (!rc)
    rc = codeexe(&o);
  if (!rc)
    rc = instrexe(&o);
  if (!rc) {
    free(o.path);
    asc_strbuf sb;
    asc_sb_init(&sb);
    asc_sb_printf(&sb, "%s/trace.json", p->dir);
    o.path = sb.data;
    rc = asc_sim_trace_write(p->ctx, o.path, p->tb, p->nblocks, mhz(p));
  }
  if (!rc)
    rc = timeline(&o);
  free(o.path);
  return rc;
}
