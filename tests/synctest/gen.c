/* gen.c - synctest's random kernels: generation, printing, shrinking (docs/synctest.md).
 *
 * A program is a tree of memory ops (GM<->UB copies, UB->UB copies, vector ops, scalar
 * get/set_value) under scf.for (trip 0-4, constant or the runtime argument a0) and scf.if
 * (a1 compared with a constant).  UB holds 2-6 static roots of 1-3 tiles, some placed to
 * overlap others partially; views are root + offset, or root + (iv % k) * tile + offset
 * (multi-buffering by the loop counter, k = 2, 3).  Every root is initialised first (by a
 * duplicate or a load) so no op reads bytes nothing wrote.  Element type f32.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

uint64_t st_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* One name per ST_F_* bit, in bit order; FEAT_LIST is the same names for the usage text. */
#define FEAT_LIST "if for rtrip rotate overlap scalar ubcopy gmloop store nest zerotrip mixedk ivif"
static const char *const feat_names[] = {"if",    "for",  "rtrip",    "rotate", "overlap", "scalar", "ubcopy",
                                         "gmloop", "store", "nest", "zerotrip", "mixedk", "ivif"};

unsigned st_feature(const char *name) {
  for (unsigned i = 0; i < sizeof feat_names / sizeof *feat_names; i++)
    if (!strcmp(name, feat_names[i]))
      return 1u << i;
  return 0;
}

const char *st_feature_names(void) { return FEAT_LIST; }

static const char *const bin_ops[] = {"asc.add", "asc.sub", "asc.mul", "asc.max", "asc.min"};
static const char *const scal_ops[] = {"asc.adds", "asc.muls", "asc.relu"};
static const char *const pos_names[] = {"VECIN", "VECOUT", "VECCALC"};

/* ---- lists ---- */
static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q)
    abort();
  return q;
}

static void list_insert(st_list *l, int at, const st_node *nodes, int n) {
  if (l->n + n > l->cap) {
    l->cap = (l->n + n) * 2 + 4;
    l->v = xrealloc(l->v, sizeof *l->v * (size_t)l->cap);
  }
  memmove(l->v + at + n, l->v + at, sizeof *l->v * (size_t)(l->n - at));
  memcpy(l->v + at, nodes, sizeof *nodes * (size_t)n);
  l->n += n;
}

static void list_free(st_list *l) {
  for (int i = 0; i < l->n; i++) {
    list_free(&l->v[i].body);
    list_free(&l->v[i].els);
  }
  free(l->v);
  memset(l, 0, sizeof *l);
}

static void list_copy(st_list *d, const st_list *s) {
  memset(d, 0, sizeof *d);
  if (!s->n)
    return;
  list_insert(d, 0, s->v, s->n);
  for (int i = 0; i < d->n; i++) {
    list_copy(&d->v[i].body, &s->v[i].body);
    list_copy(&d->v[i].els, &s->v[i].els);
  }
}

void st_prog_free(st_prog *p) { list_free(&p->body); }

void st_prog_copy(st_prog *d, const st_prog *s) {
  *d = *s;
  list_copy(&d->body, &s->body);
}

static int count_ops(const st_list *l) {
  int n = 0;
  for (int i = 0; i < l->n; i++)
    n += l->v[i].kind == ST_FOR || l->v[i].kind == ST_IF ? count_ops(&l->v[i].body) + count_ops(&l->v[i].els)
                                                         : 1;
  return n;
}

int st_prog_nops(const st_prog *p) { return count_ops(&p->body); }

/* ---- generation ---- */
typedef struct gen {
  uint64_t rng;
  st_prog *p;
  unsigned feat;
  int budget;
  int loops[8], nloops; /* enclosing loops, innermost last */
} gen;

static int rnd(gen *g, int n) { return (int)(st_rand(&g->rng) % (uint64_t)n); }
static int has(const gen *g, unsigned f) { return (g->feat & f) != 0; }

static int pick_count(gen *g) { return rnd(g, 3) ? 8 << rnd(g, 4) : ST_TILE; }

static st_view pick_view(gen *g, int n) {
  st_view v = {rnd(g, g->p->nroots), 0, -1, 0};
  int size = g->p->roots[v.root].size;
  int rk = g->p->roots[v.root].rot_k;
  if (rk && g->nloops && rnd(g, 8)) { /* a multi-buffered root: its slot, mostly whole */
    v.k = rk;
    v.loop = g->loops[rnd(g, 4) ? g->nloops - 1 : rnd(g, g->nloops)];
    v.off = rnd(g, 4) ? 0 : 8 * rnd(g, (ST_TILE - n) / 8 + 1);
  } else if (has(g, ST_F_ROTATE) && g->nloops && size >= 2 * ST_TILE && rnd(g, 2)) {
    v.k = size >= 3 * ST_TILE && has(g, ST_F_MIXEDK) && rnd(g, 2) ? 3 : 2;
    v.loop = g->loops[rnd(g, g->nloops)];
    v.off = 8 * rnd(g, (ST_TILE - n) / 8 + 1);
  } else {
    v.off = 8 * rnd(g, (size - n) / 8 + 1);
  }
  return v;
}

static st_gref pick_gm(gen *g, int n) {
  st_gref r = {rnd(g, g->p->ngm), 0, -1};
  if (has(g, ST_F_GMLOOP) && g->nloops && rnd(g, 2)) {
    r.loop = g->loops[rnd(g, g->nloops)];
    r.off = 8 * rnd(g, (ST_GM_ELEMS - 4 * ST_TILE - n) / 8 + 1);
  } else {
    r.off = 8 * rnd(g, (ST_GM_ELEMS - n) / 8 + 1);
  }
  return r;
}

static void gen_list(gen *g, st_list *l, int nops);

static int pick_kind(gen *g) {
  static const int w[] = {3, 2, 1, 3, 2, 1, 1, 1, 2, 1}; /* by ST_LOAD.. ST_IF */
  for (;;) {
    int k = 0, t = rnd(g, 17); /* the sum of w */
    while (t >= w[k])
      t -= w[k++];
    if ((k == ST_STORE && !has(g, ST_F_STORE)) || (k == ST_UBCOPY && !has(g, ST_F_UBCOPY)) ||
        ((k == ST_GET || k == ST_SET) && !has(g, ST_F_SCALAR)) || (k == ST_IF && !has(g, ST_F_IF)) ||
        (k == ST_FOR && (!has(g, ST_F_FOR) || g->nloops >= 3 || (g->nloops && !has(g, ST_F_NEST)))))
      continue;
    if ((k == ST_FOR || k == ST_IF) && g->budget < 2)
      continue;
    return k;
  }
}

static void gen_node(gen *g, st_list *l) {
  st_node x;
  memset(&x, 0, sizeof x);
  x.kind = pick_kind(g);
  x.n = pick_count(g);
  x.imm = rnd(g, 8);
  switch (x.kind) {
  case ST_LOAD: x.d = pick_view(g, x.n); x.g = pick_gm(g, x.n); break;
  case ST_STORE: x.s0 = pick_view(g, x.n); x.g = pick_gm(g, x.n); break;
  case ST_UBCOPY: x.d = pick_view(g, x.n); x.s0 = pick_view(g, x.n); break;
  case ST_BIN:
    x.op = rnd(g, 5);
    x.d = pick_view(g, x.n);
    x.s0 = pick_view(g, x.n);
    x.s1 = pick_view(g, x.n);
    break;
  case ST_SCAL: x.op = rnd(g, 3); x.d = pick_view(g, x.n); x.s0 = pick_view(g, x.n); break;
  case ST_DUP: x.d = pick_view(g, x.n); break;
  case ST_GET: x.s0 = pick_view(g, x.n); break; /* element imm < 8 <= n */
  case ST_SET: x.d = pick_view(g, x.n); break;
  case ST_FOR: {
    x.trip = has(g, ST_F_RTRIP) && !rnd(g, 3) ? -1 : has(g, ST_F_ZEROTRIP) ? rnd(g, 5) : 1 + rnd(g, 4);
    x.id = g->p->nloops++;
    int n = 1 + rnd(g, g->budget < 8 ? g->budget : 8);
    g->budget -= n;
    g->loops[g->nloops++] = x.id;
    gen_list(g, &x.body, n);
    g->nloops--;
    break;
  }
  case ST_IF: {
    static const int preds[] = {0, 1, 2, 3, 4, 5};
    x.pred = preds[rnd(g, 6)];
    x.cval = rnd(g, 5);
    /* a1 takes 0..4: keep both arms reachable (a1 < 0, a1 >= 0, a1 <= 4, a1 > 4 are not) */
    if (((x.pred == 2 || x.pred == 5) && x.cval == 0) || ((x.pred == 3 || x.pred == 4) && x.cval == 4))
      x.cval = 2;
    if (has(g, ST_F_IVIF) && g->nloops && !rnd(g, 3)) /* an index takes 0..3 here: same bounds */
      x.civ = 1 + g->loops[rnd(g, g->nloops)];
    int n = 1 + rnd(g, g->budget < 6 ? g->budget : 6), nt = rnd(g, n + 1);
    g->budget -= n;
    gen_list(g, &x.body, nt);
    gen_list(g, &x.els, n - nt);
    break;
  }
  }
  if (x.kind != ST_FOR && x.kind != ST_IF)
    g->budget--;
  list_insert(l, l->n, &x, 1);
}

/* nops memory ops into l (for/if take theirs from the budget). */
static void gen_list(gen *g, st_list *l, int nops) {
  int saved = g->budget;
  g->budget = nops;
  while (g->budget > 0)
    gen_node(g, l);
  g->budget = saved;
}

static void gen_roots(gen *g) {
  st_prog *p = g->p;
  p->nroots = 2 + rnd(g, 5);
  for (int r = 0; r < p->nroots; r++) {
    st_root *o = &p->roots[r];
    o->size = ST_TILE * (1 + rnd(g, 3));
    o->pos = rnd(g, 3);
    o->addr = r * 1024;
    o->rot_k = has(g, ST_F_ROTATE) && o->size >= 2 * ST_TILE && rnd(g, 2) ? o->size / ST_TILE : 0;
    if (o->rot_k && !has(g, ST_F_MIXEDK))
      o->rot_k = 2;
    if (r && has(g, ST_F_OVERLAP) && !rnd(g, 4)) {
      const st_root *q = &p->roots[rnd(g, r)];
      o->addr = q->addr + 32 * rnd(g, q->size * 4 / 32);
    }
  }
}

/* Every root written once first: a duplicate (V) or a load (MTE2) of all of it. */
static void gen_init(gen *g) {
  for (int r = 0; r < g->p->nroots; r++) {
    st_node x;
    memset(&x, 0, sizeof x);
    x.n = g->p->roots[r].size;
    x.d = (st_view){r, 0, -1, 0};
    x.imm = rnd(g, 8);
    x.kind = rnd(g, 2) ? ST_DUP : ST_LOAD;
    x.init = 1;
    x.g = (st_gref){rnd(g, g->p->ngm), 8 * rnd(g, (ST_GM_ELEMS - x.n) / 8 + 1), -1};
    list_insert(&g->p->body, g->p->body.n, &x, 1);
  }
}

void st_prog_gen(st_prog *p, uint64_t seed, unsigned features) {
  memset(p, 0, sizeof *p);
  gen g = {seed, p, features, 0, {0}, 0};
  st_rand(&g.rng);
  p->a0_min = has(&g, ST_F_ZEROTRIP) ? 0 : 1;
  gen_roots(&g);
  p->ngm = 1 + rnd(&g, ST_MAX_GM);
  gen_init(&g);
  int total = 5 + rnd(&g, 46) - p->nroots;
  gen_list(&g, &p->body, total > 1 ? total : 1);
}

/* ---- printing ---- */
typedef struct pr {
  const st_prog *p;
  asc_strbuf *sb;
  int barriers, tmp, depth;
} pr;

typedef struct val {
  char name[32], type[64];
} val;

static void ind(pr *c) {
  for (int i = 0; i < c->depth + 2; i++)
    asc_sb_puts(c->sb, "  ");
}

static void root_type(const pr *c, int r, char *out, size_t n) {
  snprintf(out, n, "!asc.local_tensor<%dxf32, %s>", c->p->roots[r].size, pos_names[c->p->roots[r].pos]);
}

static val view(pr *c, const st_view *v) {
  val o;
  char rt[64];
  root_type(c, v->root, rt, sizeof rt);
  if (v->loop < 0 && !v->off) {
    snprintf(o.name, sizeof o.name, "%%r%d", v->root);
    snprintf(o.type, sizeof o.type, "%s", rt);
    return o;
  }
  char off[32];
  snprintf(off, sizeof off, "%%e%d", v->off);
  if (v->loop >= 0 && !v->off) {
    snprintf(off, sizeof off, "%%so%d_%d", v->k, v->loop);
  } else if (v->loop >= 0) {
    ind(c);
    asc_sb_printf(c->sb, "%%x%d = \"arith.addi\"(%%so%d_%d, %s) : (i32, i32) -> i32\n", ++c->tmp, v->k, v->loop,
                  off);
    snprintf(off, sizeof off, "%%x%d", c->tmp);
  }
  ind(c);
  snprintf(o.name, sizeof o.name, "%%v%d", ++c->tmp);
  snprintf(o.type, sizeof o.type, "!asc.local_tensor<f32, %s>", pos_names[c->p->roots[v->root].pos]);
  asc_sb_printf(c->sb, "%s = \"asc.lt_subview\"(%%r%d, %s) : (%s, i32) -> %s\n", o.name, v->root, off, rt, o.type);
  return o;
}

static val gview(pr *c, const st_gref *g) {
  val o;
  snprintf(o.type, sizeof o.type, "!asc.global_tensor<f32>");
  if (g->loop < 0 && !g->off) {
    snprintf(o.name, sizeof o.name, "%%gt%d", g->arr);
    return o;
  }
  char off[32];
  snprintf(off, sizeof off, "%%e%d", g->off);
  if (g->loop >= 0) {
    ind(c);
    asc_sb_printf(c->sb, "%%y%d = \"arith.muli\"(%%ic%d, %%e%d) : (i32, i32) -> i32\n", ++c->tmp, g->loop, ST_TILE);
    ind(c);
    asc_sb_printf(c->sb, "%%y%d = \"arith.addi\"(%%y%d, %s) : (i32, i32) -> i32\n", c->tmp + 1, c->tmp, off);
    snprintf(off, sizeof off, "%%y%d", ++c->tmp);
  }
  ind(c);
  snprintf(o.name, sizeof o.name, "%%w%d", ++c->tmp);
  asc_sb_printf(c->sb, "%s = \"asc.gt_subview\"(%%gt%d, %s) : (%s, i32) -> %s\n", o.name, g->arr, off, o.type,
                o.type);
  return o;
}

static void print_list(pr *c, const st_list *l);

static void print_copy(pr *c, const st_node *x) {
  val d, s;
  if (x->kind == ST_LOAD) {
    d = view(c, &x->d);
    s = gview(c, &x->g);
  } else if (x->kind == ST_STORE) {
    s = view(c, &x->s0);
    d = gview(c, &x->g);
  } else {
    d = view(c, &x->d);
    s = view(c, &x->s0);
  }
  ind(c);
  asc_sb_printf(c->sb, "\"asc.data_copy\"(%s, %s, %%e%d) : (%s, %s, i32) -> ()\n", d.name, s.name, x->n, d.type,
                s.type);
}

static void print_vec(pr *c, const st_node *x) {
  val d = view(c, &x->d), a, b;
  switch (x->kind) {
  case ST_BIN:
    a = view(c, &x->s0);
    b = view(c, &x->s1);
    ind(c);
    asc_sb_printf(c->sb, "\"%s\"(%s, %s, %s, %%e%d) : (%s, %s, %s, i32) -> ()\n", bin_ops[x->op], d.name, a.name,
                  b.name, x->n, d.type, a.type, b.type);
    break;
  case ST_SCAL:
    a = view(c, &x->s0);
    ind(c);
    if (x->op == 2)
      asc_sb_printf(c->sb, "\"%s\"(%s, %s, %%e%d) : (%s, %s, i32) -> ()\n", scal_ops[x->op], d.name, a.name, x->n,
                    d.type, a.type);
    else
      asc_sb_printf(c->sb, "\"%s\"(%s, %s, %%f%d, %%e%d) : (%s, %s, f32, i32) -> ()\n", scal_ops[x->op], d.name,
                    a.name, x->imm, x->n, d.type, a.type);
    break;
  default: /* ST_DUP */
    ind(c);
    asc_sb_printf(c->sb, "\"asc.duplicate\"(%s, %%f%d, %%e%d) : (%s, f32, i32) -> ()\n", d.name, x->imm, x->n, d.type);
  }
}

static void print_scalar(pr *c, const st_node *x) {
  if (x->kind == ST_GET) {
    val s = view(c, &x->s0);
    ind(c);
    asc_sb_printf(c->sb, "%%q%d = \"asc.get_value\"(%s, %%e%d) : (%s, i32) -> f32\n", ++c->tmp, s.name, x->imm,
                  s.type);
  } else {
    val d = view(c, &x->d);
    ind(c);
    asc_sb_printf(c->sb, "\"asc.set_value\"(%s, %%e%d, %%f%d) : (%s, i32, f32) -> ()\n", d.name, x->imm,
                  (x->imm * 3) % 8, d.type);
  }
}

static void print_for(pr *c, const st_node *x) {
  int L = x->id;
  ind(c);
  if (x->trip < 0)
    asc_sb_printf(c->sb, "\"scf.for\"(%%t0, %%rt, %%t1) ({\n");
  else
    asc_sb_printf(c->sb, "\"scf.for\"(%%t0, %%t%d, %%t1) ({\n", x->trip);
  ind(c);
  asc_sb_printf(c->sb, "^bb0(%%iv%d: index):\n", L);
  c->depth++;
  ind(c);
  asc_sb_printf(c->sb, "%%ic%d = \"arith.index_cast\"(%%iv%d) : (index) -> i32\n", L, L);
  for (int k = 2; k <= 3; k++) {
    ind(c);
    asc_sb_printf(c->sb, "%%s%d_%d = \"arith.remui\"(%%ic%d, %%e%d) : (i32, i32) -> i32\n", k, L, L, k);
    ind(c);
    asc_sb_printf(c->sb, "%%so%d_%d = \"arith.muli\"(%%s%d_%d, %%e%d) : (i32, i32) -> i32\n", k, L, k, L, ST_TILE);
  }
  print_list(c, &x->body);
  ind(c);
  asc_sb_puts(c->sb, "\"scf.yield\"() : () -> ()\n");
  c->depth--;
  ind(c);
  asc_sb_puts(c->sb, "}) : (index, index, index) -> ()\n");
}

static void print_if(pr *c, const st_node *x) {
  int t = ++c->tmp;
  ind(c);
  char xv[16] = "%a1";
  if (x->civ)
    snprintf(xv, sizeof xv, "%%ic%d", x->civ - 1);
  asc_sb_printf(c->sb, "%%cd%d = \"arith.cmpi\"(%s, %%e%d) {predicate = %d : i64} : (i32, i32) -> i1\n", t, xv,
                x->cval, x->pred);
  ind(c);
  asc_sb_printf(c->sb, "\"scf.if\"(%%cd%d) ({\n", t);
  for (int arm = 0; arm < 2; arm++) {
    c->depth++;
    print_list(c, arm ? &x->els : &x->body);
    ind(c);
    asc_sb_puts(c->sb, "\"scf.yield\"() : () -> ()\n");
    c->depth--;
    ind(c);
    asc_sb_puts(c->sb, arm ? "}) : (i1) -> ()\n" : "}, {\n");
  }
}

static void print_node(pr *c, const st_node *x) {
  switch (x->kind) {
  case ST_FOR: print_for(c, x); return;
  case ST_IF: print_if(c, x); return;
  case ST_LOAD:
  case ST_STORE:
  case ST_UBCOPY: print_copy(c, x); break;
  case ST_GET:
  case ST_SET: print_scalar(c, x); break;
  default: print_vec(c, x); break;
  }
  if (c->barriers) {
    ind(c);
    asc_sb_puts(c->sb, "\"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()\n");
  }
}

static void print_list(pr *c, const st_list *l) {
  for (int i = 0; i < l->n; i++)
    print_node(c, &l->v[i]);
}

static void print_head(pr *c) {
  const st_prog *p = c->p;
  asc_strbuf *sb = c->sb;
  asc_sb_puts(sb, "\"builtin.module\"() ({\n  \"func.func\"() ({\n  ^bb0(");
  for (int j = 0; j < p->ngm; j++)
    asc_sb_printf(sb, "%%g%d: !asc.gm_ptr<f32>, ", j);
  asc_sb_puts(sb, "%a0: i32, %a1: i32):\n");
  for (int v = 0; v <= ST_GM_ELEMS; v += v < 8 ? 1 : 8)
    asc_sb_printf(sb, "    %%e%d = \"arith.constant\"() {value = %d : i32} : () -> i32\n", v, v);
  for (int v = 0; v < 8; v++)
    asc_sb_printf(sb, "    %%f%d = \"arith.constant\"() {value = %d.0 : f32} : () -> f32\n", v, v - 2);
  for (int v = 0; v <= 4; v++)
    asc_sb_printf(sb, "    %%t%d = \"arith.constant\"() {value = %d : index} : () -> index\n", v, v);
  asc_sb_puts(sb, "    %rt = \"arith.index_cast\"(%a0) : (i32) -> index\n");
  for (int j = 0; j < p->ngm; j++)
    asc_sb_printf(sb, "    %%gt%d = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
                      "    \"asc.set_global_buffer\"(%%gt%d, %%g%d) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n",
                  j, j, j);
  for (int r = 0; r < p->nroots; r++) {
    char rt[64];
    root_type(c, r, rt, sizeof rt);
    asc_sb_printf(sb, "    %%ra%d = \"arith.constant\"() {value = %d : i32} : () -> i32\n", r, p->roots[r].addr);
    asc_sb_printf(sb, "    %%rs%d = \"arith.constant\"() {value = %d : i32} : () -> i32\n", r, p->roots[r].size);
    asc_sb_printf(sb, "    %%r%d = \"asc.local_tensor\"(%%ra%d, %%rs%d) {pos = #asc.pos<%s>} : (i32, i32) -> %s\n",
                  r, r, r, pos_names[p->roots[r].pos], rt);
  }
}

void st_prog_print(const st_prog *p, int barriers, asc_strbuf *sb) {
  pr c = {p, sb, barriers, 0, 0};
  print_head(&c);
  print_list(&c, &p->body);
  asc_sb_puts(sb, "    \"func.return\"() : () -> ()\n  }) {function_type = (");
  for (int j = 0; j < p->ngm; j++)
    asc_sb_puts(sb, "!asc.gm_ptr<f32>, ");
  asc_sb_puts(sb, "i32, i32) -> (), sym_name = \"k\"} : () -> ()\n}) : () -> ()\n");
}

/* ---- shrinking ---- */
static int count_nodes(const st_list *l) {
  int n = l->n;
  for (int i = 0; i < l->n; i++)
    n += count_nodes(&l->v[i].body) + count_nodes(&l->v[i].els);
  return n;
}

int st_shrink_count(const st_prog *p) { return 4 * count_nodes(&p->body); }

/* The j-th node in pre-order: its list and index; j is decremented as nodes pass. */
static int find_node(st_list *l, int *j, st_list **lo, int *io) {
  for (int i = 0; i < l->n; i++) {
    if (!(*j)--) {
      *lo = l;
      *io = i;
      return 1;
    }
    if (find_node(&l->v[i].body, j, lo, io) || find_node(&l->v[i].els, j, lo, io))
      return 1;
  }
  return 0;
}

static void unloop(st_list *l, int id) {
  for (int i = 0; i < l->n; i++) {
    st_node *x = &l->v[i];
    st_view *vs[] = {&x->d, &x->s0, &x->s1};
    for (int k = 0; k < 3; k++)
      if (vs[k]->loop == id)
        vs[k]->loop = -1;
    if (x->g.loop == id)
      x->g.loop = -1;
    if (x->kind == ST_IF && x->civ == id + 1)
      x->civ = 0; /* the index is gone: test a1 instead */
    unloop(&x->body, id);
    unloop(&x->els, id);
  }
}

/* Replace node i of l by the contents of one of its lists. */
static void splice(st_list *l, int i, int use_els) {
  st_node x = l->v[i];
  st_list *keep = use_els ? &x.els : &x.body;
  if (x.kind == ST_FOR)
    unloop(keep, x.id);
  memmove(l->v + i, l->v + i + 1, sizeof *l->v * (size_t)(l->n - i - 1));
  l->n--;
  if (keep->n)
    list_insert(l, i, keep->v, keep->n);
  free(keep->v);
  list_free(use_els ? &x.body : &x.els);
}

int st_shrink_apply(st_prog *p, int step, int keep_trips) {
  int j = step / 4, how = step % 4, i;
  st_list *l;
  if (!find_node(&p->body, &j, &l, &i))
    return 0;
  st_node *x = &l->v[i];
  int ctl = x->kind == ST_FOR || x->kind == ST_IF;
  if (x->init) /* without it some argument values would read uninitialised UB */
    return 0;
  switch (how) {
  case 0: /* drop */
    list_free(&x->body);
    list_free(&x->els);
    memmove(l->v + i, l->v + i + 1, sizeof *l->v * (size_t)(l->n - i - 1));
    l->n--;
    return 1;
  case 1: /* for: inline the body; if: keep the then arm */
    if (!ctl)
      return 0;
    splice(l, i, 0);
    return 1;
  case 2: /* if: keep the else arm; for: one trip fewer (runtime: constant 2) */
    if (x->kind == ST_IF) {
      splice(l, i, 1);
      return 1;
    }
    if (x->kind != ST_FOR || !x->trip || keep_trips)
      return 0;
    x->trip = x->trip < 0 ? 2 : x->trip - 1;
    return 1;
  default: /* smaller count */
    if (ctl || x->n <= 8 || x->kind == ST_GET || x->kind == ST_SET)
      return 0;
    x->n /= 2;
    return 1;
  }
}
