/* run.c - synctest's checks (docs/synctest.md).
 *
 * st_check: the generated kernel goes through auto-sync-full and the verifier, then runs on
 * the simulator with sanitizers under random pipe timing (asc_sim_options.jitter_seed) and
 * random runtime arguments; the same kernel with a PIPE_ALL barrier after every op (a
 * total order) is the reference for the GM results.
 *
 * st_removal_check: the auto-synced text is cut into units - a set/wait pair in one block,
 * a loop-carried edge (the body's leading wait and trailing set plus the priming sets and
 * draining waits around the loop), a pipe_barrier - and each unit is deleted in turn; the
 * sanitizers must then report something on some run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asc/sim.h"
#include "run.h"

const char *st_class_name(st_class c) {
  static const char *const n[] = {"ok", "generator-bug", "auto-sync-or-verify-failed", "race", "deadlock",
                                  "flag", "other-sanitizer", "wrong-result"};
  return c < ST_NCLASS ? n[c] : "?";
}

static void fill_gm(float *gm, int ngm) {
  for (int j = 0; j < ngm; j++)
    for (int i = 0; i < ST_GM_ALLOC; i++)
      gm[j * ST_GM_ALLOC + i] = (float)(j * 1000 + i + 1);
}

static st_class record_class(int kind) {
  switch (kind) {
  case ASC_SIM_CHK_RACE: return ST_RACE;
  case ASC_SIM_CHK_DEADLOCK: return ST_DEADLOCK;
  case ASC_SIM_CHK_DOUBLE_SET:
  case ASC_SIM_CHK_UNPAIRED_SET:
  case ASC_SIM_CHK_EVENT: return ST_FLAG;
  default: return ST_OTHER;
  }
}

/* One launch of m; gm (ngm arrays) is filled first and holds the results. */
static st_class launch_cy(asc_module *m, asc_ctx *ctx, int ngm, int a0, int a1, uint64_t jitter, float *gm,
                          char *msg, size_t msgn, int64_t *cycles) {
  asc_sim_args args;
  asc_sim_args_init(&args);
  fill_gm(gm, ngm);
  for (int j = 0; j < ngm; j++)
    asc_sim_args_add_gm(&args, gm + j * ST_GM_ALLOC, ST_GM_ALLOC * sizeof(float), ASC_SIM_F32, "g");
  asc_sim_args_add_int(&args, ASC_SIM_I32, a0, "a0");
  asc_sim_args_add_int(&args, ASC_SIM_I32, a1, "a1");
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.threads = 1;
  o.verify = 0;
  o.jitter_seed = jitter;
  asc_sim_report rep;
  int rc = asc_sim_launch(m, "k", &args, &o, &rep);
  if (cycles)
    *cycles = rep.cycles;
  st_class c = ST_OK;
  if (rep.nrecords) {
    c = record_class(rep.records[0].kind);
    if (msg)
      snprintf(msg, msgn, "%s", rep.records[0].message ? rep.records[0].message : "?");
  } else if (rc || rep.nerrors || rep.nwarnings) {
    c = ST_OTHER;
    char *d = asc_ctx_diagnostics(ctx);
    if (msg)
      snprintf(msg, msgn, "%s", d ? d : "launch failed");
    asc_free(d);
  }
  asc_ctx_clear_diagnostics(ctx);
  asc_sim_report_free(&rep);
  asc_sim_args_free(&args);
  return c;
}

static st_class launch(asc_module *m, asc_ctx *ctx, int ngm, int a0, int a1, uint64_t jitter, float *gm, char *msg,
                       size_t msgn) {
  return launch_cy(m, ctx, ngm, a0, a1, jitter, gm, msg, msgn, NULL);
}

static asc_module *parse(asc_ctx *ctx, const char *text) {
  return asc_module_parse(ctx, "synctest.mlir", text, strlen(text));
}

static const char *skipws(const char *s) {
  while (*s == ' ')
    s++;
  return s;
}

static void count_syncs(st_result *r) {
  for (const char *s = r->synced; (s = strstr(s, "\"asc.")); s++) {
    if (!strncmp(s, "\"asc.set_flag\"", 14))
      r->sets++;
    else if (!strncmp(s, "\"asc.wait_flag\"", 15))
      r->waits++;
    else if (!strncmp(s, "\"asc.pipe_barrier\"", 18)) {
      const char *e = strchr(s, '\n');
      const char *all = strstr(s, "PIPE_ALL");
      if (all && (!e || all < e))
        r->pipe_all++;
      else
        r->barriers++;
    }
  }
}

static void fail(st_result *r, st_class c, const char *what, asc_ctx *ctx) {
  r->cls = c;
  char *d = asc_ctx_diagnostics(ctx);
  snprintf(r->msg, sizeof r->msg, "%s: %s", what, d ? d : "");
  asc_free(d);
}

/* Runs (reference, then synced) for each schedule; the first difference ends it. */
static void run_schedules(asc_module *ms, asc_module *mr, asc_ctx *ctx, int ngm, int a0_min, uint64_t seed,
                          int schedules, st_result *r) {
  int exhaustive = a0_min < 0;
  size_t bytes = sizeof(float) * ST_GM_ALLOC * (size_t)ngm;
  float *ref = malloc(bytes), *got = malloc(bytes);
  uint64_t rng = seed ^ 0x5bd1e995ull;
  for (int s = 0; s < schedules && r->cls == ST_OK; s++) {
    r->a0 = a0_min + (int)(st_rand(&rng) % (uint64_t)(5 - a0_min));
    r->a1 = (int)(st_rand(&rng) % 5);
    if (exhaustive) { /* every (a0, a1) in 0..4 once per round */
      r->a0 = s % 25 / 5;
      r->a1 = s % 5;
    }
    r->jitter = st_rand(&rng) | 1;
    if (!s || (exhaustive && s < 25)) /* the calibrated timing, as asc-run has it */
      r->jitter = 0;
    char msg[400];
    st_class c = launch(mr, ctx, ngm, r->a0, r->a1, 0, ref, msg, sizeof msg);
    if (c != ST_OK) {
      r->cls = ST_GENBUG;
      snprintf(r->msg, sizeof r->msg, "the PIPE_ALL reference fails: %s", msg);
      break;
    }
    c = launch(ms, ctx, ngm, r->a0, r->a1, r->jitter, got, msg, sizeof msg);
    if (c != ST_OK) {
      r->cls = c;
      snprintf(r->msg, sizeof r->msg, "%s", msg);
    } else if (memcmp(ref, got, bytes)) {
      r->cls = ST_WRONG;
      snprintf(r->msg, sizeof r->msg, "GM results differ from the PIPE_ALL reference");
    }
  }
  free(ref);
  free(got);
}

/* The checks on kernel text (plain) and its PIPE_ALL reference (ref). */
static void check_text(const char *plain, const char *ref, int ngm, int a0_min, uint64_t seed, int schedules,
                       st_result *r) {
  memset(r, 0, sizeof *r);
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *ms = parse(ctx, plain), *mr = NULL;
  asc_pass_options po;
  asc_pass_options_init(&po);
  if (!ms || asc_module_verify(ms))
    fail(r, ST_GENBUG, "the generated kernel does not parse or verify", ctx);
  else if (asc_run_passes(ms, "auto-sync-full", &po) || asc_module_verify(ms))
    fail(r, ST_PASSFAIL, "auto-sync-full or the verifier failed", ctx);
  else if (!(mr = parse(ctx, ref)))
    fail(r, ST_GENBUG, "the reference does not parse", ctx);
  if (r->cls == ST_OK || r->cls == ST_PASSFAIL) {
    r->synced = asc_module_print(ms);
    count_syncs(r);
  }
  if (r->cls == ST_OK)
    run_schedules(ms, mr, ctx, ngm, a0_min, seed, schedules, r);
  asc_module_free(ms);
  asc_module_free(mr);
  asc_ctx_free(ctx);
}

void st_check(const st_prog *p, uint64_t seed, int schedules, st_result *r) {
  asc_strbuf plain, ref;
  asc_sb_init(&plain);
  asc_sb_init(&ref);
  st_prog_print(p, 0, &plain);
  st_prog_print(p, 1, &ref);
  check_text(plain.data, ref.data, p->ngm, p->a0_min, seed, schedules, r);
  asc_sb_free(&plain);
  asc_sb_free(&ref);
}

/* A saved kernel (synctest's signature: GM arrays, then a0, a1): its reference gets a
 * PIPE_ALL barrier after every line that is an asc op or a get_value. */
void st_check_file(const char *plain, uint64_t seed, int schedules, st_result *r) {
  asc_strbuf ref;
  asc_sb_init(&ref);
  int ngm = 0;
  const char *bb = strstr(plain, "^bb0(");
  for (const char *s = bb; s && (s = strstr(s, "!asc.gm_ptr<f32>")) && s < strchr(bb, '\n'); s++)
    ngm++;
  for (const char *s = plain; *s;) {
    const char *e = strchr(s, '\n');
    size_t len = e ? (size_t)(e - s + 1) : strlen(s);
    asc_sb_put(&ref, s, len);
    const char *w = skipws(s);
    const char *gv = strstr(w, "\"asc.get_value\"");
    if (!strncmp(w, "\"asc.", 5) || (gv && gv < s + len))
      asc_sb_puts(&ref, "\"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()\n");
    s += len;
  }
  check_text(plain, ref.data, ngm, -1, seed, 25 * schedules, r); /* every a0, a1 */
  asc_sb_free(&ref);
}

/* ---- removal check ---- */
void st_kinds_add(st_kinds *k, const char *name, long fired, long not_fired, long unreached) {
  int i = 0;
  while (i < k->n && strcmp(k->name[i], name))
    i++;
  if (i == k->n) {
    if (k->n == ST_MAX_KINDS)
      return;
    snprintf(k->name[k->n++], sizeof k->name[0], "%s", name);
  }
  k->fired[i] += fired;
  k->not_fired[i] += not_fired;
  k->unreached[i] += unreached;
}

/* "MTE2_V" for a set/wait line, "PIPE_V" for a barrier. */
static void kind_name(const char *s, int len, char *out, size_t n) {
  const char *a = strstr(s, "event<");
  if (!a || a - s > len)
    a = strstr(s, "pipe<");
  const char *b = a ? strchr(a, '>') : NULL;
  if (!a || !b || b - s > len) {
    snprintf(out, n, "?");
    return;
  }
  a = strchr(a, '<') + 1;
  snprintf(out, n, "%.*s", (int)(b - a), a);
}

enum { L_OTHER, L_SET, L_WAIT, L_BARRIER, L_SKIP };

typedef struct tline {
  const char *s;
  int len, block, kind, opener; /* opener: the line opening this line's block (-1 top) */
  char key[64];                 /* set/wait: "EVENT|%id" */
  int unit;                     /* removal unit, -1 none */
} tline;

typedef struct text {
  tline *l;
  int n;
  int *bopen; /* per block: the line of the op whose region it is */
  int nblocks;
} text;

static void line_key(tline *t) {
  const char *a = strchr(t->s, '('), *b = a ? strchr(a, ')') : NULL, *e = strstr(t->s, "event<");
  const char *f = e ? strchr(e, '>') : NULL;
  if (a && b && e && f && f - e < 40 && b - a < 20)
    snprintf(t->key, sizeof t->key, "%.*s|%.*s", (int)(f - e - 6), e + 6, (int)(b - a - 1), a + 1);
}

static void split_text(const char *src, text *t) {
  memset(t, 0, sizeof *t);
  int cap = 0, bcap = 16, stack[64], sp = 0;
  t->bopen = malloc(sizeof *t->bopen * (size_t)bcap);
  t->bopen[t->nblocks++] = -1;
  stack[sp++] = 0;
  for (const char *s = src; *s;) {
    const char *e = strchr(s, '\n');
    int len = e ? (int)(e - s) : (int)strlen(s);
    if (t->n == cap) {
      cap = cap ? 2 * cap : 256;
      t->l = realloc(t->l, sizeof *t->l * (size_t)cap);
    }
    tline *x = &t->l[t->n];
    memset(x, 0, sizeof *x);
    x->s = s;
    x->len = len;
    x->unit = -1;
    const char *w = skipws(s);
    int close = !strncmp(w, "})", 2), alt = !strncmp(w, "}, {", 4), alt_opener = -1;
    if ((close || alt) && sp > 1)
      alt_opener = t->bopen[stack[--sp]];
    x->block = stack[sp - 1];
    x->opener = t->bopen[x->block];
    x->kind = close || alt || *w == '^' ? L_SKIP : L_OTHER;
    if (strstr(w, "\"asc.set_flag\"") == w)
      x->kind = L_SET;
    else if (strstr(w, "\"asc.wait_flag\"") == w)
      x->kind = L_WAIT;
    else if (strstr(w, "\"asc.pipe_barrier\"") == w)
      x->kind = L_BARRIER;
    if (x->kind == L_SET || x->kind == L_WAIT)
      line_key(x);
    if ((alt || (!close && len >= 2 && !strncmp(s + len - 2, "({", 2))) && sp < 64) {
      if (t->nblocks == bcap)
        t->bopen = realloc(t->bopen, sizeof *t->bopen * (size_t)(bcap *= 2));
      t->bopen[t->nblocks] = alt ? alt_opener : t->n; /* an else arm belongs to the same op */
      stack[sp++] = t->nblocks++;
    }
    t->n++;
    s = e ? e + 1 : s + len;
  }
}

/* Removal units, as arrays of line indices. */
typedef struct units {
  int (*v)[24];
  int *len, *carried, n, cap;
} units;

static int unit_new(units *u) {
  if (u->n == u->cap) {
    u->cap = u->cap ? 2 * u->cap : 32;
    u->v = realloc(u->v, sizeof *u->v * (size_t)u->cap);
    u->len = realloc(u->len, sizeof *u->len * (size_t)u->cap);
    u->carried = realloc(u->carried, sizeof *u->carried * (size_t)u->cap);
  }
  u->len[u->n] = 0;
  u->carried[u->n] = 0;
  return u->n++;
}

static void unit_add(units *u, text *t, int k, int line) {
  if (line >= 0 && u->len[k] < 24) {
    u->v[k][u->len[k]++] = line;
    t->l[line].unit = k;
  }
}

static int unit_of(units *u, text *t, int a, int b) {
  int k = unit_new(u);
  unit_add(u, t, k, a);
  unit_add(u, t, k, b);
  return k;
}

/* Pair the sets and waits of one key in one block (in order). */
static void pair_key(units *u, text *t, int block, const char *key) {
  int pending = -1, lead = -1, seen_set = 0;
  for (int i = 0; i < t->n; i++) {
    tline *x = &t->l[i];
    if (x->block != block || x->unit >= 0 || (x->kind != L_SET && x->kind != L_WAIT) || strcmp(x->key, key))
      continue;
    if (x->kind == L_SET) {
      if (pending >= 0)
        unit_of(u, t, pending, -1);
      pending = i;
      seen_set = 1;
    } else if (pending >= 0) {
      unit_of(u, t, pending, i);
      pending = -1;
    } else if (lead < 0 && !seen_set) {
      lead = i;
      t->l[i].unit = -2; /* claimed below */
    } else {
      unit_of(u, t, i, -1);
    }
  }
  if (lead >= 0 && pending >= 0) {
    int k = unit_of(u, t, lead, pending); /* may move u->carried */
    u->carried[k] = 1;
  } else {
    if (lead >= 0)
      unit_of(u, t, lead, -1);
    if (pending >= 0)
      unit_of(u, t, pending, -1);
  }
}

static int is_const(const text *t, const char *id) {
  size_t n = strlen(id);
  for (int i = 0; i < t->n; i++) {
    const char *w = skipws(t->l[i].s);
    if (!strncmp(w, id, n) && !strncmp(w + n, " = \"arith.constant\"", 19))
      return 1;
  }
  return 0;
}

/* The run of sync lines in block b just before (dir -1) or after (dir +1) line at. */
static int in_run(const text *t, int b, int at, int dir, int line) {
  int closed = 0;
  for (int i = at + dir; i >= 0 && i < t->n; i += dir) {
    const tline *x = &t->l[i];
    if (x->block != b) /* inside a region */
      continue;
    if (x->kind == L_SKIP && dir > 0 && !closed) { /* the loop's own closing line */
      closed = 1;
      continue;
    }
    if (x->kind != L_SET && x->kind != L_WAIT && x->kind != L_BARRIER)
      return 0;
    if (i == line)
      return 1;
  }
  return 0;
}

/* A carried body unit takes the pairs around its loop: priming set before, draining wait
 * after, the same key, or (rotating ids computed from iv) the same event. */
static void attach_carried(units *u, text *t, int k) {
  const tline *w = &t->l[u->v[k][0]];
  int loop = w->opener, pb = loop >= 0 ? t->l[loop].block : -1;
  if (loop < 0)
    return;
  const char *bar = strchr(w->key, '|');
  int evlen = bar ? (int)(bar - w->key) : 0, rot = bar && !is_const(t, bar + 1);
  for (int pass = 0; pass < 2; pass++)
    for (int j = 0; j < u->n; j++) {
      if (j == k || u->len[j] != 2 || u->carried[j] < 0 || u->carried[j] == 1)
        continue;
      const tline *s = &t->l[u->v[j][0]], *e = &t->l[u->v[j][1]];
      if (s->block != pb || s->kind != L_SET || e->kind != L_WAIT)
        continue;
      int same = !strcmp(s->key, w->key), ev = !strncmp(s->key, w->key, (size_t)evlen + 1);
      if (!(pass ? rot && ev : same) || !in_run(t, pb, loop, -1, u->v[j][0]) || !in_run(t, pb, loop, 1, u->v[j][1]))
        continue;
      unit_add(u, t, k, u->v[j][0]);
      unit_add(u, t, k, u->v[j][1]);
      u->carried[j] = -1; /* merged */
    }
}

static void build_units(text *t, units *u) {
  for (int i = 0; i < t->n; i++) {
    tline *x = &t->l[i];
    if (x->kind == L_BARRIER)
      unit_of(u, t, i, -1);
    else if ((x->kind == L_SET || x->kind == L_WAIT) && x->unit == -1)
      pair_key(u, t, x->block, x->key);
  }
  for (int k = 0; k < u->n; k++)
    if (u->carried[k] == 1)
      attach_carried(u, t, k);
}

/* The text without unit k; probe: instead, the text with a set_flag of a reserved id that
 * nothing waits for just before the unit's first line (a warning iff that line runs). */
static char *without(const text *t, const units *u, int k, int probe) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  for (int i = 0; i < t->n; i++) {
    int drop = 0;
    for (int j = 0; j < u->len[k] && !probe; j++)
      drop |= u->v[k][j] == i;
    if (probe && i == u->v[k][0])
      asc_sb_puts(&sb, "%probe = \"arith.constant\"() {value = 7 : i32} : () -> i32\n"
                       "\"asc.set_flag\"(%probe) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()\n");
    if (!drop) {
      asc_sb_put(&sb, t->l[i].s, (size_t)t->l[i].len);
      asc_sb_puts(&sb, "\n");
    }
  }
  return sb.data;
}

/* The removal check's a0 values, likeliest to fire first: 4 and 2 the usual trips, 9 the
 * GM ranges a0 <= 4 leaves apart, 0 and 1 the paths where a loop runs zero times or once,
 * the rest the last iterations that reach a range only they do. */
const int st_removal_a0[ST_REMOVAL_NA0] = {4, 2, ST_A0_WIDE, 0, 1, 3, 5, 6, 7, 8};

/* Runs of text over argument combinations: the first finding's class, or ST_OK. */
static st_class fires(const char *src, int ngm, uint64_t seed) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = parse(ctx, src);
  st_class c = ST_OK;
  if (!m || asc_module_verify(m))
    c = ST_GENBUG;
  float *got = malloc(sizeof(float) * ST_GM_ALLOC * (size_t)ngm);
  for (int i = 0; i < ST_REMOVAL_NA0 * 5 && c == ST_OK; i++) {
    uint64_t j = st_rand(&seed) | 1;
    c = launch(m, ctx, ngm, st_removal_a0[i / 5], i % 5, j, got, NULL, 0);
  }
  asc_module_free(m);
  asc_ctx_free(ctx);
  free(got);
  return c;
}

void st_removal_check(const char *synced, int ngm, uint64_t seed, int verbose, st_removal *out) {
  memset(out, 0, sizeof *out);
  out->verbose = verbose;
  text t;
  units u = {0};
  split_text(synced, &t);
  build_units(&t, &u);
  for (int k = 0; k < u.n; k++) {
    if (u.carried[k] < 0)
      continue;
    out->units++;
    for (int j = 0; verbose > 1 && j < u.len[k]; j++)
      printf("  unit %d%s: line %d: %.*s\n", k, u.carried[k] ? " (carried)" : "", u.v[k][j] + 1,
             t.l[u.v[k][j]].len, t.l[u.v[k][j]].s);
    char *src = without(&t, &u, k, 0), kname[24];
    const tline *first = &t.l[u.v[k][0]];
    kind_name(first->s, first->len, kname, sizeof kname);
    st_class c = fires(src, ngm, seed + (uint64_t)k);
    free(src);
    if (c != ST_OK) {
      out->fired++;
      out->fired_race += c == ST_RACE;
      st_kinds_add(&out->kinds, kname, 1, 0, 0);
      continue;
    }
    src = without(&t, &u, k, 1);
    c = fires(src, ngm, seed + (uint64_t)k);
    free(src);
    if (c == ST_OK) { /* never executed on these arguments */
      out->unreached++;
      st_kinds_add(&out->kinds, kname, 0, 0, 1);
      continue;
    }
    out->not_fired++;
    st_kinds_add(&out->kinds, kname, 0, 1, 0);
    if (out->verbose)
      printf("  not fired: %.*s\n", t.l[u.v[k][0]].len, t.l[u.v[k][0]].s);
    if (!out->first_text) {
      asc_strbuf sb;
      asc_sb_init(&sb);
      for (int j = 0; j < u.len[k]; j++)
        asc_sb_printf(&sb, "//   line %d: %.*s\n", u.v[k][j] + 1, t.l[u.v[k][j]].len, t.l[u.v[k][j]].s);
      out->first_text = sb.data;
    }
  }
  free(u.v);
  free(u.len);
  free(u.carried);
  free(t.l);
  free(t.bopen);
}

void st_removal_free(st_removal *r) {
  free(r->first_text);
  r->first_text = NULL;
}

/* ---- self test of asc_sim_options.jitter_seed ---- */
int st_jitter_selftest(void) {
  int bad = 0, tried = 0;
  for (uint64_t seed = 1; seed < 40 && tried < 8; seed++) {
    st_prog p;
    st_prog_gen(&p, seed, ST_F_ALL);
    st_result r;
    st_check(&p, seed, 1, &r);
    if (r.cls != ST_OK || !r.synced) {
      asc_free(r.synced);
      st_prog_free(&p);
      continue;
    }
    tried++;
    asc_ctx *ctx = asc_ctx_new();
    asc_ctx_set_quiet(ctx, 1);
    asc_module *m = parse(ctx, r.synced);
    size_t bytes = sizeof(float) * ST_GM_ALLOC * (size_t)p.ngm;
    float *a = malloc(bytes), *b = malloc(bytes);
    int64_t c0 = 0, c1 = 0, cj = 0, cj2 = 0, other = 0;
    launch_cy(m, ctx, p.ngm, 4, 2, 0, a, NULL, 0, &c0);
    launch_cy(m, ctx, p.ngm, 4, 2, 0, b, NULL, 0, &c1);
    bad += c0 != c1 || memcmp(a, b, bytes);
    for (uint64_t j = 1; j <= 8; j++) {
      launch_cy(m, ctx, p.ngm, 4, 2, j * 7919, b, NULL, 0, &cj);
      launch_cy(m, ctx, p.ngm, 4, 2, j * 7919, b, NULL, 0, &cj2);
      bad += cj != cj2 || memcmp(a, b, bytes); /* deterministic per seed; results unchanged */
      other += cj != c0;
    }
    bad += !other; /* jitter changes the timing */
    printf("jitter self test: program seed %llu: %lld cycles calibrated, %lld of 8 jittered schedules differ\n",
           (unsigned long long)seed, (long long)c0, (long long)other);
    free(a);
    free(b);
    asc_module_free(m);
    asc_ctx_free(ctx);
    asc_free(r.synced);
    st_prog_free(&p);
  }
  printf("jitter self test: %s\n", bad || !tried ? "FAILED" : "passed");
  return bad || !tried;
}
