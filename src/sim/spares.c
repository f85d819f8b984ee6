/* spares.c - what a program keeps for its next blocks and launches to reuse instead of making anew:
 * the per-core memories (coremem.c), parked host threads (hostpool.c), timing tapes and the L2
 * replay's arrays (launch.c), the sanitizer's cross-core range arrays (sanitize.c).  The program's host threads share each list under its lock; a list
 * keeps at most `keep` things and `budget` bytes of them; the giver drops what it does not keep. */
#include <pthread.h>
#include <stdlib.h>

#include "sim/sim_int.h"

typedef struct {
  void *x;
  int64_t bytes;
} spare;

struct sim_spares {
  pthread_mutex_t mu;
  spare *v;
  int n, cap;
  int keep;              /* things kept at most */
  int64_t bytes, budget; /* bytes kept, and at most */
};

sim_spares *asc_sim_spares_new(int keep, int64_t budget) {
  sim_spares *S = asc_xcalloc(1, sizeof *S);
  pthread_mutex_init(&S->mu, NULL);
  S->keep = keep;
  S->budget = budget;
  return S;
}

void asc_sim_spares_free(sim_spares *S, void (*drop)(void *)) {
  if (!S)
    return;
  for (int i = 0; i < S->n; i++)
    drop(S->v[i].x);
  free(S->v);
  pthread_mutex_destroy(&S->mu);
  free(S);
}

void *asc_sim_spares_take(sim_spares *S, bool (*fits)(const void *x, const void *want), const void *want) {
  void *x = NULL;
  if (!S)
    return NULL;
  pthread_mutex_lock(&S->mu);
  for (int i = S->n - 1; i >= 0 && !x; i--) /* the last given first */
    if (!fits || fits(S->v[i].x, want)) {
      x = S->v[i].x;
      S->bytes -= S->v[i].bytes;
      S->v[i] = S->v[--S->n];
    }
  pthread_mutex_unlock(&S->mu);
  return x;
}

void asc_sim_spares_give(sim_spares *S, void *x, int64_t bytes, void (*drop)(void *)) {
  if (!x)
    return;
  bool kept = false;
  if (S) {
    pthread_mutex_lock(&S->mu);
    if (S->n < S->keep && S->bytes + bytes <= S->budget) {
      if (S->n == S->cap) {
        S->cap = S->cap ? 2 * S->cap : 16;
        S->v = asc_xrealloc(S->v, sizeof *S->v * (size_t)S->cap);
      }
      S->v[S->n++] = (spare){x, bytes};
      S->bytes += bytes;
      kept = true;
    }
    pthread_mutex_unlock(&S->mu);
  }
  if (!kept)
    drop(x);
}
