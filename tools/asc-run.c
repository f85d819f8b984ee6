/* asc-run - run an IR kernel on the simulator with .npy arrays.
 *
 *   asc-run kernel.mlir [--kernel NAME] [--platform Ascend910B1] [--blocks N]
 *           [--threads N] [--kernel-type 0|1|6|7] [--trace out.json] [--profile DIR] [--passes inline,canonicalize]
 *           [--quiet] [--max-instructions N] ARG...
 *
 * --blocks is 1..65535.  --max-instructions is the watchdog's limit per block (0: none;
 * default $ASC_MAX_INSTRUCTIONS, else 2^28): past it the run stops with an error at the
 * loop still running.
 *
 * Each ARG is name=VALUE, bound to the kernel's parameters in order (the name is for
 * messages):
 *   name=file.npy              a GM array read from the file (v1/v2/v3 header, little-endian,
 *                              C order: <f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8)
 *   name=file.npy:f32:1024     the same; the file is created with 1024 zeros if missing
 *   name=i32:1024, x=f32:0.5   a scalar (integers decimal, 0x hex or 0 octal); a value that is
 *                              not a number or does not fit the type is an error, as are an
 *                              array count or a .npy shape whose size overflows
 * After the run every array the kernel changed is written back to its file (pyasc copies
 * every pointer argument back).  Exit status: 0 ok, 1 kernel error, 2 usage or I/O error.
 * --profile DIR writes the profile directory (docs/profile.md) into DIR; without it, the
 * environment variable ASC_PROFILE_DIR (set by asc-prof) gives a root under which the
 * launch gets its own DIR/<kernel>_<n>.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asc/asc.h"
#include "asc/sim.h"

typedef struct npy {
  char *path;
  unsigned char *hdr; /* magic + header, rewritten as is */
  size_t hdrlen;
  unsigned char *data, *orig;
  size_t bytes;
  int dtype;
  int created; /* the file did not exist: write it even if the kernel left it zero */
} npy;

static int usage(void) {
  fputs("usage: asc-run kernel.mlir [--kernel NAME] [--platform P] [--blocks N] [--threads N]\n"
        "               [--kernel-type 0|1|6|7]\n"
        "               [--trace out.json] [--profile DIR] [--passes LIST] [--quiet] [--no-sanitize]\n"
        "               [--max-instructions N]\n"
        "               [--pipeline [--insert-sync=auto|on|off|pyasc] [--auto-sync=on|off|full|replace]]\n"
        "               [--lenient-gm]\n"
        "               name=file.npy[:dtype:count] | name=dtype:value ...\n", stderr);
  return 2;
}

static char *readfile(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t cap = 0, n = 0, r;
  do {
    if (n + 65536 > cap) {
      cap = cap ? 2 * cap : 65536 * 2;
      char *nb = realloc(buf, cap + 1);
      if (!nb) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = nb;
    }
    r = fread(buf + n, 1, cap - n, f);
    n += r;
  } while (r > 0);
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* The quoted value after 'key': in a numpy header dict, copied into out. */
static int dictstr(const char *h, const char *key, char *out, size_t n) {
  const char *p = strstr(h, key);
  if (!p || !(p = strchr(p + strlen(key), '\'')))
    return -1;
  const char *q = strchr(++p, '\'');
  if (!q || (size_t)(q - p) >= n)
    return -1;
  memcpy(out, p, (size_t)(q - p));
  out[q - p] = '\0';
  return 0;
}

/* Product of the shape tuple, or -1 (no shape, a negative or unreadable dimension, or a
 * product that does not fit in 63 bits). */
static long long dictshape(const char *h) {
  const char *p = strstr(h, "'shape':");
  if (!p || !(p = strchr(p, '(')))
    return -1;
  long long n = 1;
  for (p++; *p && *p != ')'; ) {
    char *end;
    errno = 0;
    long long d = strtoll(p, &end, 10);
    if (end == p) {
      p++;
      continue;
    }
    if (errno == ERANGE || d < 0 || __builtin_mul_overflow(n, d, &n))
      return -1;
    p = end;
  }
  return *p == ')' ? n : -1;
}

static int npyparse(npy *a, unsigned char *buf, size_t len) {
  if (len < 10 || memcmp(buf, "\x93NUMPY", 6) != 0)
    return fprintf(stderr, "asc-run: %s: not a .npy file\n", a->path), -1;
  size_t hl = buf[6] == 1 ? (size_t)buf[8] | (size_t)buf[9] << 8 : 0, off = 10;
  if (buf[6] >= 2) {
    if (len < 12)
      return -1;
    hl = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
    off = 12;
  }
  if (off + hl > len)
    return fprintf(stderr, "asc-run: %s: truncated header\n", a->path), -1;
  char *h = strndup((char *)buf + off, hl), descr[16];
  for (size_t k = strlen(h); k > 0 && (h[k - 1] == ' ' || h[k - 1] == '\n'); k--)
    h[k - 1] = '\0'; /* the padding, for messages */
  int rc = -1;
  long long n = dictshape(h);
  size_t bytes = 0;
  if (dictstr(h, "'descr':", descr, sizeof descr) || strstr(h, "'fortran_order': True"))
    fprintf(stderr, "asc-run: %s: unsupported header %s\n", a->path, h);
  else if (n < 0)
    fprintf(stderr, "asc-run: %s: bad shape (a negative dimension, or more than 2^63 elements) in "
            "header %s\n", a->path, h);
  else if ((a->dtype = asc_sim_dtype_lookup(descr)) < 0 || descr[0] == '>')
    fprintf(stderr, "asc-run: %s: unsupported dtype '%s'\n", a->path, descr);
  else if (__builtin_mul_overflow((size_t)n, (size_t)asc_sim_dtype_size(a->dtype), &bytes) ||
           bytes > len - off - hl)
    fprintf(stderr, "asc-run: %s: file shorter than its shape (%lld elements)\n", a->path, n);
  else {
    a->hdrlen = off + hl;
    a->bytes = bytes;
    rc = 0;
  }
  free(h);
  return rc;
}

/* A v1 file of `count` zeros. */
static unsigned char *npynew(int dt, long long count, size_t *len) {
  static const char *descr[ASC_SIM_DTYPE_COUNT] = {"<f2", "<V2", "<f4", "<f8", "|i1", "<i2", "<i4", "<i8",
                                                    "|u1", "<u2", "<u4", "<u8", "|b1"};
  char h[128];
  int hl = snprintf(h, sizeof h, "{'descr': '%s', 'fortran_order': False, 'shape': (%lld,), }", descr[dt], count);
  int total = (10 + hl + 1 + 63) / 64 * 64;
  size_t bytes = (size_t)count * (size_t)asc_sim_dtype_size(dt);
  unsigned char *buf = calloc((size_t)total + bytes + 1, 1);
  if (!buf)
    return NULL;
  memcpy(buf, "\x93NUMPY\x01\x00", 8);
  buf[8] = (unsigned char)((total - 10) & 0xff);
  buf[9] = (unsigned char)((total - 10) >> 8);
  memset(buf + 10, ' ', (size_t)(total - 10));
  memcpy(buf + 10, h, (size_t)hl);
  buf[total - 1] = '\n';
  *len = (size_t)total + bytes;
  return buf;
}

/* path[:dtype:count] */
static int npyload(npy *a, const char *spec) {
  a->path = strdup(spec);
  char *c1 = strstr(a->path, ".npy:");
  int dt = -1;
  long long count = 0;
  if (c1) {
    char *c2 = strchr(c1 + 5, ':'), *end = NULL;
    c1[4] = '\0';
    if (c2) {
      *c2 = '\0';
      dt = asc_sim_dtype_lookup(c1 + 5);
      errno = 0;
      count = strtoll(c2 + 1, &end, 10);
    }
    /* the count must be a whole decimal number whose bytes fit in memory */
    if (dt < 0 || !end || end == c2 + 1 || *end || errno == ERANGE || count < 0 ||
        (unsigned long long)count > (SIZE_MAX / 2) / (size_t)asc_sim_dtype_size(dt))
      return fprintf(stderr, "asc-run: bad array spec '%s' (want file.npy:dtype:count, count a "
                     "non-negative integer)\n", spec), -1;
  }
  size_t len;
  unsigned char *buf = (unsigned char *)readfile(a->path, &len);
  if (!buf && c1) {
    buf = npynew(dt, count, &len);
    a->created = 1;
  }
  if (!buf)
    return fprintf(stderr, "asc-run: cannot read %s: %s\n", a->path, strerror(errno)), -1;
  a->hdr = buf;
  if (npyparse(a, buf, len))
    return -1;
  a->data = buf + a->hdrlen;
  a->orig = malloc(a->bytes + 1);
  if (!a->orig)
    return -1;
  memcpy(a->orig, a->data, a->bytes);
  return 0;
}

static int npysave(const npy *a) {
  if (!a->created && !memcmp(a->orig, a->data, a->bytes))
    return 0;
  FILE *f = fopen(a->path, "wb");
  if (!f || fwrite(a->hdr, 1, a->hdrlen + a->bytes, f) != a->hdrlen + a->bytes) {
    fprintf(stderr, "asc-run: cannot write %s\n", a->path);
    if (f)
      fclose(f);
    return -1;
  }
  return fclose(f) ? -1 : 0;
}

/* name=dtype:value */
static int scalararg(asc_sim_args *args, const char *name, const char *spec) {
  const char *colon = strchr(spec, ':');
  char dts[16];
  if (!colon || (size_t)(colon - spec) >= sizeof dts)
    return fprintf(stderr, "asc-run: bad scalar '%s' (want dtype:value, e.g. i32:1024)\n", spec), -1;
  memcpy(dts, spec, (size_t)(colon - spec));
  dts[colon - spec] = '\0';
  int dt = asc_sim_dtype_lookup(dts);
  if (dt < 0)
    return fprintf(stderr, "asc-run: unknown dtype '%s'\n", dts), -1;
  const char *text = colon + 1;
  char *end;
  errno = 0;
  if (dt == ASC_SIM_F16 || dt == ASC_SIM_BF16 || dt == ASC_SIM_F32 || dt == ASC_SIM_F64) {
    double v = strtod(text, &end);
    double max = dt == ASC_SIM_F16 ? 65504.0 : dt == ASC_SIM_F32 || dt == ASC_SIM_BF16 ? FLT_MAX : DBL_MAX;
    if (end == text || *end)
      return fprintf(stderr, "asc-run: %s=%s: '%s' is not a number\n", name, spec, text), -1;
    if ((errno == ERANGE && fabs(v) > 1) || (isfinite(v) && fabs(v) > max))
      return fprintf(stderr, "asc-run: %s=%s: %s is out of the range of %s\n", name, spec, text, dts), -1;
    asc_sim_args_add_float(args, (asc_sim_dtype)dt, v, name);
    return 0;
  }
  /* integers: decimal, 0x hex or 0 octal; the value must fit the type (no truncation) */
  int bits = dt == ASC_SIM_BOOL ? 1 : 8 * asc_sim_dtype_size(dt);
  bool isunsigned = dt == ASC_SIM_U8 || dt == ASC_SIM_U16 || dt == ASC_SIM_U32 || dt == ASC_SIM_U64 ||
                    dt == ASC_SIM_BOOL;
  int64_t v;
  bool range;
  if (isunsigned) {
    while (*text == ' ')
      text++;
    unsigned long long u = *text == '-' ? (end = (char *)text, 0) : strtoull(text, &end, 0);
    range = errno != ERANGE && (bits == 64 || u < (1ull << bits));
    v = (int64_t)u;
  } else {
    long long s = strtoll(text, &end, 0);
    range = errno != ERANGE && (bits == 64 || (s >= -(1ll << (bits - 1)) && s < (1ll << (bits - 1))));
    v = s;
  }
  if (end == text || *end)
    return fprintf(stderr, "asc-run: %s=%s: '%s' is not an integer\n", name, spec, text), -1;
  if (!range)
    return fprintf(stderr, "asc-run: %s=%s: %s is out of the range of %s\n", name, spec, text, dts), -1;
  asc_sim_args_add_int(args, (asc_sim_dtype)dt, v, name);
  return 0;
}

typedef struct cli {
  const char *file, *kernel, *passes;
  int kernel_pipeline;  /* --pipeline: the passes @asc.jit runs (libasc's pipeline table) */
  asc_pipeline_opts kp; /* --insert-sync=, --auto-sync=, ... */
  asc_sim_options opts;
  int quiet;
  npy *arrays;
  int narrays;
  asc_sim_args args;
} cli;

/* One name=VALUE argument. */
static int addarg(cli *c, const char *arg) {
  const char *eq = strchr(arg, '=');
  if (!eq)
    return fprintf(stderr, "asc-run: argument '%s' is not name=value\n", arg), -1;
  char *name = strndup(arg, (size_t)(eq - arg));
  const char *v = eq + 1;
  int rc;
  if (strstr(v, ".npy")) {
    npy *a = &c->arrays[c->narrays++];
    rc = npyload(a, v);
    if (!rc)
      asc_sim_args_add_gm(&c->args, a->data, a->bytes, (asc_sim_dtype)a->dtype, name);
  } else {
    rc = scalararg(&c->args, name, v);
  }
  free(name);
  return rc;
}

/* A decimal integer option value in [lo, hi]; -1 after a message. */
static int intopt(const char *what, const char *s, long long lo, long long hi, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) {
    fprintf(stderr, "asc-run: %s must be an integer in [%lld, %lld], not '%s'\n", what, lo, hi, s);
    return -1;
  }
  *out = v;
  return 0;
}

static int parseargs(cli *c, int argc, char **argv) {
  long long v;
  const char *env = getenv("ASC_MAX_INSTRUCTIONS");
  if (env && *env) {
    if (intopt("ASC_MAX_INSTRUCTIONS", env, 0, INT64_MAX, &v))
      return 2;
    c->opts.max_instructions = v;
  }
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool more = i + 1 < argc;
    if (!strcmp(a, "--kernel") && more)
      c->kernel = argv[++i];
    else if (!strcmp(a, "--platform") && more)
      c->opts.platform = argv[++i];
    else if (!strcmp(a, "--blocks") && more) {
      if (intopt("--blocks", argv[++i], 1, ASC_SIM_MAX_BLOCKS, &v))
        return 2;
      c->opts.blocks = (int)v;
    } else if (!strcmp(a, "--max-instructions") && more) {
      if (intopt("--max-instructions", argv[++i], 0, INT64_MAX, &v))
        return 2;
      c->opts.max_instructions = v;
    }
    else if (!strcmp(a, "--threads") && more)
      c->opts.threads = atoi(argv[++i]);
    else if (!strcmp(a, "--kernel-type") && more) /* pyasc KernelType: 0, 1, 6, 7 */
      c->opts.kernel_type = atoi(argv[++i]);
    else if (!strcmp(a, "--trace") && more)
      c->opts.trace_path = argv[++i];
    else if (!strcmp(a, "--profile") && more)
      c->opts.profile_dir = argv[++i];
    else if (!strcmp(a, "--passes") && more)
      c->passes = argv[++i];
    else if (!strcmp(a, "--quiet"))
      c->quiet = 1;
    else if (!strcmp(a, "--no-sanitize"))
      c->opts.sanitize = 0;
    else if (!strcmp(a, "--lenient-gm"))
      c->opts.strict_gm = 0;
    else if (!strcmp(a, "--pipeline"))
      c->kernel_pipeline = 1;
    else if (asc_pipeline_parse_flag(&c->kp, a) > 0)
      c->kernel_pipeline = 1;
    else if (a[0] == '-' && a[1] == '-')
      return usage();
    else if (!c->file)
      c->file = a;
    else if (addarg(c, a))
      return 2;
  }
  return c->file ? 0 : usage();
}

/* ROOT/<kernel>_<n>, the first n that does not exist yet (a launch's own profile directory). */
static char *profiledir(const char *root, const char *kernel) {
  size_t n = strlen(root) + strlen(kernel) + 32;
  char *p = malloc(n);
  if (!p) {
    fputs("asc-run: out of memory\n", stderr);
    exit(2);
  }
  for (int i = 1;; i++) {
    snprintf(p, n, "%s/%s_%d", root, kernel, i);
    if (access(p, F_OK))
      return p;
  }
}

static int run(cli *c, asc_ctx *ctx) {
  size_t len;
  char *text = readfile(c->file, &len);
  if (!text)
    return fprintf(stderr, "asc-run: cannot read %s: %s\n", c->file, strerror(errno)), 2;
  asc_module *m = asc_module_parse(ctx, c->file, text, len);
  free(text);
  if (!m)
    return 1;
  int rc = 0;
  asc_pass_options po;
  asc_pass_options_init(&po);
  if (c->kernel_pipeline)
    rc = asc_run_kernel_pipeline(m, &c->kp, &po) ? 1 : 0;
  if (!rc && c->passes)
    rc = asc_run_passes(m, c->passes, &po) ? 1 : 0;
  asc_sim_report rep;
  char *pdir = NULL;
  const char *root = getenv("ASC_PROFILE_DIR");
  if (!c->opts.profile_dir && root && *root)
    c->opts.profile_dir = pdir = profiledir(root, c->kernel ? c->kernel : "kernel");
  if (!rc) {
    rc = asc_sim_launch(m, c->kernel, &c->args, &c->opts, &rep) ? 1 : 0;
    char *t = asc_sim_report_text(&rep);
    if (!c->quiet)
      fputs(t, stdout);
    if (!c->quiet && !rc && c->opts.profile_dir)
      printf("profile: %s/timeline.html\n", c->opts.profile_dir);
    asc_free(t);
    asc_sim_report_free(&rep);
  }
  free(pdir);
  asc_module_free(m);
  for (int i = 0; rc == 0 && i < c->narrays; i++)
    if (npysave(&c->arrays[i]))
      rc = 2;
  return rc;
}

int main(int argc, char **argv) {
  cli c;
  memset(&c, 0, sizeof c);
  asc_sim_options_init(&c.opts);
  c.opts.lines = 1;   /* the report names the top lines */
  c.opts.live_fd = 2; /* a long run shows its first let-through finding as it happens (stderr) */
  asc_pipeline_opts_init(&c.kp);
  asc_sim_args_init(&c.args);
  c.arrays = calloc((size_t)argc + 1, sizeof *c.arrays);
  int rc = c.arrays ? parseargs(&c, argc, argv) : 2;
  if (!rc) {
    asc_ctx *ctx = asc_ctx_new();
    rc = run(&c, ctx);
    asc_ctx_free(ctx);
  }
  for (int i = 0; i < c.narrays; i++) {
    free(c.arrays[i].path);
    free(c.arrays[i].hdr);
    free(c.arrays[i].orig);
  }
  free(c.arrays);
  asc_sim_args_free(&c.args);
  return rc;
}
