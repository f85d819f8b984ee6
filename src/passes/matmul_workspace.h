/* matmul_workspace.h - the layout of a Matmul's workspace (the GM buffer given to register_matmul),
 * one definition for expand-matmul (MIX messages, tile slots, UB mirrors) and expand-matmul-batch
 * (iterate_n_batch's C, asc.matmul_nbatch_region).  Byte offsets:
 *
 *   [0, 64 KiB)                              one 512-byte message slot per AIV (MIX calls)
 *   64 KiB + AIV index x 128 KiB             the AIV's tile slot (baseM x baseN), two AIVs a block
 *   end of tiles = 64 KiB + blocks x 256 KiB
 *   end of tiles + AIV index x 192 KiB       the AIV's mirror of its UB operands (MIX)
 *   end of tiles + block index x region      iterate_n_batch's C when no set_workspace gave a buffer
 *
 * Private to src/passes/expand_matmul*.c. */
#ifndef ASC_PASSES_MATMUL_WORKSPACE_H
#define ASC_PASSES_MATMUL_WORKSPACE_H

#include "ir/build.h"

enum {
  ASC_MMWS_MSG_BYTES = 512,         /* one AIV's message slot */
  ASC_MMWS_TILE0 = 64 * 1024,       /* the first tile slot, past the messages */
  ASC_MMWS_TILE_BYTES = 128 * 1024, /* one AIV's tile slot */
  ASC_MMWS_NAIV = 2,                /* AIVs a block */
  ASC_MMWS_MIRROR_BYTES = 192 * 1024,
};

/* The byte offset where the tile slots of all blocks end (i32, get_block_num at run time). */
static inline asc_value *asc_mmws_tiles_end(asc_builder *g) {
  asc_value *blocks = asc_b_res(asc_b_op(g, ASC_OP_GET_BLOCK_NUM, NULL, 0, g->i32));
  return asc_b_add(g, asc_b_i32(g, ASC_MMWS_TILE0), asc_b_mulk(g, blocks, ASC_MMWS_NAIV * ASC_MMWS_TILE_BYTES));
}

#endif
