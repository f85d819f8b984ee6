/* sync.c - set_flag, wait_flag, pipe_barrier (hardware.md §6-§8) and the event table.
 *
 * The pipes of a HardEvent and the pipes of each core come from the hardware table
 * (src/hw/hw.def). */
#include <stdio.h>
#include <string.h>

#include "sim/sim_int.h"

const char *asc_sim_pipe_name(int pipe) { return asc_enum_name(ASC_ENUM_PIPEID, pipe); }

const char *asc_sim_evt_name(int evt) {
  const char *s = asc_enum_name(ASC_ENUM_EVENT, evt);
  return s ? s : "?";
}

/* An AIV core has the scalar unit, the vector unit and the two MTEs (hw.def). */
bool asc_sim_pipe_on_aiv(int pipe) { return asc_hw_core_has_pipe(ASC_HW_AIV, pipe); }

void asc_sim_init_events(sim_launch *L) {
  for (int e = 0; e < SIM_NEVENTS; e++) {
    L->evt_src[e] = (int8_t)asc_hw_event_src(e);
    L->evt_dst[e] = (int8_t)asc_hw_event_dst(e);
  }
}

int asc_sim_check_event(sim_core *c, const sim_inst *in, int evt, int64_t id) {
  if (evt < 0 || evt >= SIM_NEVENTS || c->L->evt_src[evt] < 0)
    return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in,
                            "%s: unknown event %d", asc_op_name(in->op), evt);
  if (asc_hw_event_slot(evt, c->kind) < 0) {
    char pipes[128];
    return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in, "%s: event %s is not valid on an %s core (it has "
                            "%s)", asc_op_name(in->op), asc_sim_evt_name(evt), asc_hw_core_name(c->kind),
                            asc_hw_core_pipes(c->kind, pipes, sizeof pipes));
  }
  if (id < 0 || id >= SIM_NIDS)
    return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in,
                            "%s: event id %lld of %s is out of range 0..7", asc_op_name(in->op),
                            (long long)id, asc_sim_evt_name(evt));
  return 0;
}

static int opevent(const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "event");
  return a ? (int)a->i : -1;
}

/* set_flag(E, id): SetFlag<V_V> is PipeBarrier<PIPE_V> (no flag). */
int asc_exec_setflag(sim_core *c, const sim_inst *in) {
  int evt = opevent(in);
  int64_t id = sim_in(c, in, ASC_OPND_SET_FLAG_event_id)->i;
  if (asc_sim_check_event(c, in, evt, id))
    return -1;
  if (evt == ASC_EVENT_V_V)
    return asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_V);
  return asc_sim_issue_set(c, in, evt, (int)id);
}

/* wait_flag(E, id): WaitFlag<V_V> is a no-op. */
int asc_exec_waitflag(sim_core *c, const sim_inst *in) {
  int evt = opevent(in);
  int64_t id = sim_in(c, in, ASC_OPND_WAIT_FLAG_event_id)->i;
  if (asc_sim_check_event(c, in, evt, id))
    return -1;
  if (evt == ASC_EVENT_V_V)
    return 0;
  return asc_sim_issue_wait(c, in, evt, (int)id);
}

int asc_exec_pipebarrier(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "pipe");
  int pipe = a ? (int)a->i : -1;
  if (pipe == ASC_PIPEID_PIPE_S)
    return asc_sim_err(c, in->op, "asc.pipe_barrier: PIPE_S is illegal (scalar order is already guaranteed)");
  if (pipe != ASC_PIPEID_PIPE_ALL && !asc_hw_core_has_pipe(c->kind, pipe))
    return asc_sim_err(c, in->op, "asc.pipe_barrier: %s does not exist on an %s core",
                       asc_sim_pipe_name(pipe) ? asc_sim_pipe_name(pipe) : "?", asc_hw_core_name(c->kind));
  return asc_sim_issue_barrier(c, in, pipe);
}

