/* hostpool.c - host threads a program keeps between launches.
 *
 * A launch runs its blocks (or core groups) on host threads; starting and ending threads for each
 * launch would cost clones (the kernel's page-table copy and scheduling), so a finished thread parks
 * here until the next one is asked for.  The cores of a group (a MIX block: an AIC and its AIVs) run
 * as coroutines on their group's thread (xcore.c), on stacks also kept here (below).
 * Pool threads block every signal: a handler of the embedding program (Python's Ctrl-C) runs on
 * its own threads, never in the middle of a block. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE, MAP_STACK */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "sim/sim_int.h"

enum { KEEP = 64 }; /* idle threads kept at most (a launch of one group of every core needs more) */
enum { H_IDLE, H_WORK, H_DONE };

struct sim_hostthread {
  pthread_t t;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  void *(*fn)(void *);
  void *arg;
  int state;
  bool quit;
};

static void *hostmain(void *a) {
  sim_hostthread *h = a;
  pthread_mutex_lock(&h->mu);
  for (;;) {
    while (h->state != H_WORK && !h->quit)
      pthread_cond_wait(&h->cv, &h->mu);
    if (h->state != H_WORK)
      break;
    pthread_mutex_unlock(&h->mu);
    h->fn(h->arg);
    pthread_mutex_lock(&h->mu);
    h->state = H_DONE;
    pthread_cond_broadcast(&h->cv);
  }
  pthread_mutex_unlock(&h->mu);
  return NULL;
}

/* A new parked thread, or NULL if the system has none to give. */
static sim_hostthread *hostnew(void) {
  sim_hostthread *h = asc_xcalloc(1, sizeof *h);
  pthread_mutex_init(&h->mu, NULL);
  pthread_cond_init(&h->cv, NULL);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  int rc = pthread_create(&h->t, NULL, hostmain, h);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc) {
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->cv);
    free(h);
    return NULL;
  }
  return h;
}

static void hostend(void *p) {
  sim_hostthread *h = p;
  pthread_mutex_lock(&h->mu);
  h->quit = true;
  pthread_cond_broadcast(&h->cv);
  pthread_mutex_unlock(&h->mu);
  pthread_join(h->t, NULL);
  pthread_mutex_destroy(&h->mu);
  pthread_cond_destroy(&h->cv);
  free(h);
}

sim_spares *asc_sim_hostpool_new(void) { return asc_sim_spares_new(KEEP, INT64_MAX); }

void asc_sim_hostpool_free(sim_spares *P) { asc_sim_spares_free(P, hostend); }

sim_hostthread *asc_sim_host_start(sim_spares *P, void *(*fn)(void *), void *arg) {
  sim_hostthread *h = asc_sim_spares_take(P, NULL, NULL);
  if (!h && !(h = hostnew()))
    return NULL;
  pthread_mutex_lock(&h->mu);
  h->fn = fn;
  h->arg = arg;
  h->state = H_WORK;
  pthread_cond_broadcast(&h->cv);
  pthread_mutex_unlock(&h->mu);
  return h;
}

void asc_sim_host_join(sim_spares *P, sim_hostthread *h) {
  pthread_mutex_lock(&h->mu);
  while (h->state != H_DONE)
    pthread_cond_wait(&h->cv, &h->mu);
  h->state = H_IDLE;
  pthread_mutex_unlock(&h->mu);
  asc_sim_spares_give(P, h, 0, hostend);
}

/* ---- stacks of the cores of a group (xcore.c runs them as coroutines on one host thread) ----
 * As large as a host thread's default stack; mapped without reserving memory (only the pages a core
 * touches are ever backed) and kept by the program between groups and launches, so a launch does not
 * fault their pages in again.  The lowest page is a guard: an overflow faults instead of writing into
 * whatever lies below. */
enum { STACK_BYTES = 8 << 20, STACK_GUARD = 4096, STACK_KEEP = 256 };

struct sim_stack {
  void *base; /* the mapping, guard page first */
  size_t bytes;
};

sim_spares *asc_sim_stackpool_new(void) { return asc_sim_spares_new(STACK_KEEP, INT64_MAX); }

static void stackend(void *p) {
  sim_stack *s = p;
  munmap(s->base, s->bytes);
  free(s);
}

void asc_sim_stackpool_free(sim_spares *P) { asc_sim_spares_free(P, stackend); }

sim_stack *asc_sim_stack_take(sim_spares *P) {
  sim_stack *s = asc_sim_spares_take(P, NULL, NULL);
  if (s)
    return s;
  s = asc_xcalloc(1, sizeof *s);
  s->bytes = STACK_BYTES;
  s->base = mmap(NULL, s->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                 -1, 0);
  if (s->base == MAP_FAILED || mprotect(s->base, STACK_GUARD, PROT_NONE))
    asc_die("out of memory");
  return s;
}

void *asc_sim_stack_lo(const sim_stack *s) { return (char *)s->base + STACK_GUARD; }
size_t asc_sim_stack_bytes(const sim_stack *s) { return s->bytes - STACK_GUARD; }

void asc_sim_stack_give(sim_spares *P, sim_stack *s) { asc_sim_spares_give(P, s, 0, stackend); }
