/* synctest - randomized tester of auto-sync-full against the simulator (docs/synctest.md).
 *
 *   synctest --seed S --count N --schedules K [--sample-removal M] [--min-removal PCT]
 *            [--first I] [--disable FEAT,...] [--dump-dir D] [--show-redundant R] [--verbose]
 *
 * Each program is generated from (S, its index), auto-synced, verified and run K times with
 * random arguments and pipe timing against its PIPE_ALL reference.  Every M-th program also
 * gets the removal check.  Failing programs are shrunk and written to D.  Exit status 1 on
 * any failure, and with --min-removal PCT when fewer than PCT % of the removed syncs that
 * ran fired (--strict-removal: PCT = 100).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "run.h"

typedef struct opts {
  uint64_t seed;
  long count, first;
  int schedules, sample, verbose, show_redundant, max_shrink, emit;
  double min_removal; /* percent of executed removed syncs that must fire; < 0: no threshold */
  unsigned features;
  const char *dump;
} opts;

typedef struct stats {
  long programs, ops, sets, waits, barriers, pipe_all;
  long fails[ST_NCLASS];
  long rm_programs, rm_units, rm_fired, rm_race, rm_not, rm_unreached;
  int shrunk, shown;
  st_kinds kinds;
} stats;

static uint64_t prog_seed(const opts *o, long i) {
  uint64_t s = o->seed * 0x100000001B3ull + (uint64_t)i;
  return st_rand(&s);
}

/* ---- shrinking ---- */
typedef int (*keep_fn)(const st_prog *p, const void *arg);

static void shrink(st_prog *p, keep_fn keep, const void *arg, int budget, int keep_trips) {
  for (int changed = 1; changed && budget > 0;) {
    changed = 0;
    for (int i = 0; i < st_shrink_count(p) && budget > 0; i++) {
      st_prog q;
      st_prog_copy(&q, p);
      if (!st_shrink_apply(&q, i, keep_trips)) {
        st_prog_free(&q);
        continue;
      }
      budget--;
      if (keep(&q, arg)) {
        st_prog_free(p);
        *p = q;
        changed = 1;
        i--;
      } else {
        st_prog_free(&q);
      }
    }
  }
}

typedef struct fail_arg {
  uint64_t seed;
  int schedules;
  st_class cls;
} fail_arg;

static int same_failure(const st_prog *p, const void *arg) {
  const fail_arg *f = arg;
  st_result r;
  st_check(p, f->seed, f->schedules, &r);
  asc_free(r.synced);
  return r.cls == f->cls;
}

typedef struct red_arg {
  uint64_t seed;
} red_arg;

static int has_redundant(const st_prog *p, const void *arg) {
  const red_arg *a = arg;
  st_result r;
  st_check(p, a->seed, 1, &r);
  int yes = 0;
  if (r.cls == ST_OK && r.synced) {
    st_removal rm;
    st_removal_check(r.synced, p->ngm, a->seed, 0, &rm);
    yes = rm.not_fired;
    st_removal_free(&rm);
  }
  asc_free(r.synced);
  return yes;
}

/* ---- reports ---- */
static void write_file(const char *path, const char *head, const char *body) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "synctest: cannot write %s\n", path);
    return;
  }
  fputs(head, f);
  fputs(body, f);
  fclose(f);
}

static void first_line(const char *s, char *out, size_t n) {
  size_t i = 0;
  while (s[i] && s[i] != '\n' && i + 1 < n) {
    out[i] = s[i];
    i++;
  }
  out[i] = 0;
}

static void report_failure(const opts *o, stats *st, const st_prog *p, long i, const st_result *r) {
  char line[300];
  first_line(r->msg, line, sizeof line);
  printf("FAIL program %ld (seed %llu): %s: %s\n", i, (unsigned long long)o->seed, st_class_name(r->cls), line);
  if (st->shrunk >= 5) /* shrink and save the first few */
    return;
  st->shrunk++;
  st_prog q;
  st_prog_copy(&q, p);
  fail_arg fa = {prog_seed(o, i), o->schedules, r->cls};
  shrink(&q, same_failure, &fa, o->max_shrink, 0);
  st_result rr;
  st_check(&q, fa.seed, o->schedules, &rr);
  asc_strbuf head, body;
  asc_sb_init(&head);
  asc_sb_init(&body);
  first_line(rr.msg, line, sizeof line);
  asc_sb_printf(&head, "// synctest --seed %llu --first %ld --count 1 --schedules %d: %s (shrunk to %d ops)\n"
                       "// run: a0=%d a1=%d jitter_seed=%llu: %s\n",
                (unsigned long long)o->seed, i, o->schedules, st_class_name(rr.cls), st_prog_nops(&q), rr.a0, rr.a1,
                (unsigned long long)rr.jitter, line);
  st_prog_print(&q, 0, &body);
  char path[512];
  snprintf(path, sizeof path, "%s/synctest-%llu-%ld-%s.mlir", o->dump, (unsigned long long)o->seed, i,
           st_class_name(r->cls));
  write_file(path, head.data, body.data);
  printf("  minimised input (%d ops) written to %s\n", st_prog_nops(&q), path);
  if (o->verbose && rr.synced)
    printf("%s", rr.synced);
  asc_free(rr.synced);
  asc_sb_free(&head);
  asc_sb_free(&body);
  st_prog_free(&q);
}

static void show_redundant(const opts *o, stats *st, const st_prog *p, long i) {
  st_prog q;
  st_prog_copy(&q, p);
  red_arg ra = {prog_seed(o, i)};
  shrink(&q, has_redundant, &ra, o->max_shrink, 1);
  st_result r;
  st_check(&q, ra.seed, 1, &r);
  st_removal rm = {0};
  if (r.synced)
    st_removal_check(r.synced, q.ngm, ra.seed, 0, &rm);
  printf("REDUNDANT sync in program %ld (seed %llu), minimised to %d ops; removing these lines fires "
         "nothing:\n%s",
         i, (unsigned long long)o->seed, st_prog_nops(&q), rm.first_text ? rm.first_text : "(none after shrinking)\n");
  if (r.synced) {
    char path[512];
    snprintf(path, sizeof path, "%s/synctest-%llu-%ld-redundant.mlir", o->dump, (unsigned long long)o->seed, i);
    asc_strbuf head;
    asc_sb_init(&head);
    asc_sb_printf(&head, "// synctest --seed %llu --first %ld --count 1: auto-synced; removing these lines fires "
                         "nothing on a0 in {", (unsigned long long)o->seed, i);
    for (int k = 0; k < ST_REMOVAL_NA0; k++)
      asc_sb_printf(&head, "%s%d", k ? ", " : "", st_removal_a0[k]);
    asc_sb_printf(&head, "}, a1 in 0..4:\n%s", rm.first_text ? rm.first_text : "");
    write_file(path, head.data, r.synced);
    printf("  auto-synced IR written to %s\n", path);
    if (o->verbose)
      printf("%s", r.synced);
    asc_sb_free(&head);
  }
  st->shown++;
  st_removal_free(&rm);
  asc_free(r.synced);
  st_prog_free(&q);
}

/* ---- the run ---- */
static void one_program(const opts *o, stats *st, long i) {
  st_prog p;
  uint64_t seed = prog_seed(o, i);
  st_prog_gen(&p, seed, o->features);
  st_result r;
  st_check(&p, seed, o->schedules, &r);
  if (o->emit) { /* the generated kernel and what auto-sync made of it */
    asc_strbuf sb;
    asc_sb_init(&sb);
    st_prog_print(&p, 0, &sb);
    printf("// program %ld: generated\n%s// program %ld: auto-synced\n%s", i, sb.data, i, r.synced ? r.synced : "");
    asc_sb_free(&sb);
  }
  st->programs++;
  st->ops += st_prog_nops(&p);
  st->sets += r.sets;
  st->waits += r.waits;
  st->barriers += r.barriers;
  st->pipe_all += r.pipe_all;
  if (r.cls != ST_OK) {
    st->fails[r.cls]++;
    report_failure(o, st, &p, i, &r);
  } else if (o->sample > 0 && i % o->sample == 0) {
    st_removal rm;
    st_removal_check(r.synced, p.ngm, seed, o->verbose, &rm);
    st->rm_programs++;
    st->rm_units += rm.units;
    st->rm_fired += rm.fired;
    st->rm_race += rm.fired_race;
    st->rm_not += rm.not_fired;
    st->rm_unreached += rm.unreached;
    for (int k = 0; k < rm.kinds.n; k++)
      st_kinds_add(&st->kinds, rm.kinds.name[k], rm.kinds.fired[k], rm.kinds.not_fired[k], rm.kinds.unreached[k]);
    if (o->verbose)
      printf("program %ld: %d removal units, %d fired, %d not\n", i, rm.units, rm.fired, rm.not_fired);
    if (rm.not_fired && st->shown < o->show_redundant)
      show_redundant(o, st, &p, i);
    st_removal_free(&rm);
  }
  if (o->verbose && r.cls == ST_OK)
    printf("program %ld: %d ops, %d sets, %d waits, %d barriers, %d PIPE_ALL\n", i, st_prog_nops(&p), r.sets,
           r.waits, r.barriers, r.pipe_all);
  asc_free(r.synced);
  st_prog_free(&p);
}

static long total_fails(const stats *st) {
  long n = 0;
  for (int c = 1; c < ST_NCLASS; c++)
    n += st->fails[c];
  return n;
}

static void summary(const opts *o, const stats *st, double secs) {
  printf("synctest: seed %llu, programs %ld (from %ld), ops %ld, schedules %d per program\n",
         (unsigned long long)o->seed, st->programs, o->first, st->ops, o->schedules);
  printf("  syncs inserted: set_flag %ld, wait_flag %ld, pipe_barrier %ld, PIPE_ALL %ld\n", st->sets, st->waits,
         st->barriers, st->pipe_all);
  printf("  failures: %ld (", total_fails(st));
  for (int c = 1; c < ST_NCLASS; c++)
    printf("%s%s %ld", c > 1 ? ", " : "", st_class_name(c), st->fails[c]);
  printf(")\n  removal checks: %ld programs, %ld syncs removed, fired %ld (race %ld), not fired %ld, "
         "never executed %ld\n",
         st->rm_programs, st->rm_units, st->rm_fired, st->rm_race, st->rm_not, st->rm_unreached);
  for (int k = 0; k < st->kinds.n; k++)
    printf("    %-12s fired %5ld  not fired %5ld  never executed %5ld\n", st->kinds.name[k], st->kinds.fired[k],
           st->kinds.not_fired[k], st->kinds.unreached[k]);
  printf("  wall time %.1f s\n", secs);
}

/* The share of removed syncs that ran and fired, against --min-removal. */
static bool removal_low(const opts *o, const stats *st) {
  long ran = st->rm_fired + st->rm_not;
  double pct = ran ? 100.0 * (double)st->rm_fired / (double)ran : 100.0;
  if (o->min_removal < 0)
    return false;
  printf("  removal threshold: %.2f %% fired of %ld executed (need %.2f %%): %s\n", pct, ran, o->min_removal,
         pct >= o->min_removal ? "ok" : "FAIL");
  return pct < o->min_removal;
}

static int parse_args(opts *o, int argc, char **argv);
static int usage(void);

/* synctest --replay FILE [--seed S] [--schedules K] [--verbose]: the checks on a saved kernel. */
static int replay(int argc, char **argv) {
  opts o;
  if (parse_args(&o, argc - 2, argv + 2) < 0 && argc > 3)
    return usage();
  FILE *f = fopen(argv[2], "rb");
  if (!f) {
    fprintf(stderr, "synctest: cannot read %s\n", argv[2]);
    return 2;
  }
  asc_strbuf sb;
  asc_sb_init(&sb);
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    asc_sb_put(&sb, buf, n);
  fclose(f);
  st_result r;
  st_check_file(sb.data ? sb.data : "", o.seed, o.schedules, &r);
  char line[300];
  first_line(r.msg, line, sizeof line);
  printf("%s: %s%s%s (last run a0=%d a1=%d jitter_seed=%llu)\n", argv[2], st_class_name(r.cls), r.cls ? ": " : "",
         line, r.a0, r.a1, (unsigned long long)r.jitter);
  if (o.verbose && r.synced)
    printf("%s", r.synced);
  asc_free(r.synced);
  asc_sb_free(&sb);
  return r.cls != ST_OK;
}

static int usage(void) {
  fprintf(stderr, "usage: synctest [--seed S] [--count N] [--first I] [--schedules K] [--sample-removal M]\n"
                  "                [--min-removal PCT | --strict-removal] [--disable FEAT,...] [--dump-dir D]\n"
                  "                [--show-redundant R]\n"
                  "                [--max-shrink STEPS] [--emit] [--verbose]\n"
                  "       synctest --self-test    (checks asc_sim_options.jitter_seed)\n"
                  "       synctest --replay FILE [--seed S] [--schedules K] [--verbose]   (a saved kernel)\n"
                  "features: %s\n",
          st_feature_names());
  return 2;
}

static int disable(opts *o, const char *list) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    unsigned f = st_feature(t);
    if (!f) {
      fprintf(stderr, "synctest: unknown feature '%s'\n", t);
      return -1;
    }
    o->features &= ~f;
  }
  return 0;
}

static int parse_args(opts *o, int argc, char **argv) {
  *o = (opts){1, 100, 0, 2, 0, 0, 3, 400, 0, -1, ST_F_ALL, "."};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int takes = 1;
    if (!strcmp(a, "--seed") && v)
      o->seed = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--count") && v)
      o->count = strtol(v, NULL, 0);
    else if (!strcmp(a, "--first") && v)
      o->first = strtol(v, NULL, 0);
    else if (!strcmp(a, "--schedules") && v)
      o->schedules = atoi(v);
    else if (!strcmp(a, "--sample-removal") && v)
      o->sample = atoi(v);
    else if (!strcmp(a, "--min-removal") && v)
      o->min_removal = strtod(v, NULL);
    else if (!strcmp(a, "--show-redundant") && v)
      o->show_redundant = atoi(v);
    else if (!strcmp(a, "--max-shrink") && v)
      o->max_shrink = atoi(v);
    else if (!strcmp(a, "--dump-dir") && v)
      o->dump = v;
    else if (!strcmp(a, "--disable") && v) {
      if (disable(o, v))
        return -1;
    } else {
      takes = 0;
      if (!strcmp(a, "--verbose"))
        o->verbose++;
      else if (!strcmp(a, "--emit"))
        o->emit = 1;
      else if (!strcmp(a, "--strict-removal"))
        o->min_removal = 100;
      else
        return -1;
    }
    i += takes;
  }
  return o->count < 0 || o->schedules < 1 ? -1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--self-test"))
    return st_jitter_selftest();
  if (argc >= 3 && !strcmp(argv[1], "--replay"))
    return replay(argc, argv);
  opts o;
  if (parse_args(&o, argc, argv))
    return usage();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  stats st;
  memset(&st, 0, sizeof st);
  for (long i = o.first; i < o.first + o.count; i++)
    one_program(&o, &st, i);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  summary(&o, &st, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
  fflush(stdout);
  return total_fails(&st) || removal_low(&o, &st) ? 1 : 0;
}
