/* hostpool.c - host threads a program keeps between launches.
 *
 * A launch runs its blocks on host threads, and each core of a core group (a MIX block: an AIC
 * and its AIVs) on a thread of its own (xcore.c).  Starting and ending a thread per group core
 * cost a MIX launch of 24 groups 48 clones (the kernel's page-table copy and scheduling; ~5 % of
 * tutorial 03's launch); a finished thread instead parks here until the next one is asked for.
 * Pool threads block every signal: a handler of the embedding program (Python's Ctrl-C) runs on
 * its own threads, never in the middle of a block. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

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
