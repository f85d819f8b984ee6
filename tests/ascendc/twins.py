"""Python twins of the hand-written Ascend C kernels of this directory: the same calls, in the same order, in
pyasc.  tests/emit_roundtrip.py runs each C++ kernel and its twin on the same inputs; their outputs must be
equal byte for byte (and equal numpy's).  TWINS maps the C++ file to (twin kernel, GM argument names)."""
import asc

# add_tque.cpp
TOTAL_LENGTH = 8 * 2048
USE_CORE_NUM = 8
BLOCK_LENGTH = TOTAL_LENGTH // USE_CORE_NUM
TILE_NUM = 8
BUFFER_NUM = 2
TILE_LENGTH = BLOCK_LENGTH // TILE_NUM // BUFFER_NUM


@asc.jit
def add_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + BLOCK_LENGTH * asc.get_block_idx(), BLOCK_LENGTH)
    y_gm.set_global_buffer(y + BLOCK_LENGTH * asc.get_block_idx(), BLOCK_LENGTH)
    z_gm.set_global_buffer(z + BLOCK_LENGTH * asc.get_block_idx(), BLOCK_LENGTH)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_x, BUFFER_NUM, TILE_LENGTH * x.dtype.sizeof())
    pipe.init_buffer(in_y, BUFFER_NUM, TILE_LENGTH * x.dtype.sizeof())
    pipe.init_buffer(out_z, BUFFER_NUM, TILE_LENGTH * x.dtype.sizeof())
    for i in range(TILE_NUM * BUFFER_NUM):
        x_local = in_x.alloc_tensor(x.dtype)
        y_local = in_y.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], TILE_LENGTH)
        in_x.enque(x_local)
        in_y.enque(y_local)
        x_local = in_x.deque(x.dtype)
        y_local = in_y.deque(x.dtype)
        z_local = out_z.alloc_tensor(x.dtype)
        asc.add(z_local, x_local, y_local, TILE_LENGTH)
        out_z.enque(z_local)
        in_x.free_tensor(x_local)
        in_y.free_tensor(y_local)
        z_local = out_z.deque(x.dtype)
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
        out_z.free_tensor(z_local)


@asc.jit
def vec_mask(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 512)
    z_gm.set_global_buffer(z, 512)
    pipe.init_buffer(buf, 3 * 512 * 4)
    a = buf.get(asc.float32)
    b = a[512:]
    c = a[1024:]
    asc.data_copy(a, x_gm, 512)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    binp = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.add(b, a, a, 64, 8, binp)
    asc.duplicate(c, 0.0, 512)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.mul(c, b, a, [0xFFFFFFFF], 8, binp)
    un = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.muls(c, c, -0.5, 64, 8, un)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.abs(b, c, 64, 8, un)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.set_mask_count()
    asc.set_vector_mask(0, 200, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
    asc.adds(c, b, 1.0, asc.MASK_PLACEHOLDER, 1, un, is_set_mask=False)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.set_mask_norm()
    asc.reset_mask()
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, c, 512)


# matmul_basic.cpp
M = N = K = 32


@asc.jit
def matmul_basic(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    pipe = asc.TPipe()
    q_a1 = asc.TQue(asc.TPosition.A1, 1)
    q_b1 = asc.TQue(asc.TPosition.B1, 1)
    q_a2 = asc.TQue(asc.TPosition.A2, 1)
    q_b2 = asc.TQue(asc.TPosition.B2, 1)
    q_co1 = asc.TQue(asc.TPosition.CO1, 1)
    pipe.init_buffer(q_a1, 1, M * K * 2)
    pipe.init_buffer(q_b1, 1, K * N * 2)
    pipe.init_buffer(q_a2, 1, M * K * 2)
    pipe.init_buffer(q_b2, 1, K * N * 2)
    pipe.init_buffer(q_co1, 1, M * N * 4)
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    b_gm.set_global_buffer(b, K * N)
    c_gm.set_global_buffer(c, M * N)
    a1 = q_a1.alloc_tensor(asc.float16)
    b1 = q_b1.alloc_tensor(asc.float16)
    asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 0))
    q_a1.enque(a1)
    q_b1.enque(b1)
    a1 = q_a1.deque(asc.float16)
    b1 = q_b1.deque(asc.float16)
    a2 = q_a2.alloc_tensor(asc.float16)
    b2 = q_b2.alloc_tensor(asc.float16)
    for i in range(M // 16):
        asc.load_data(a2[i * 16 * K:], a1, asc.LoadData2DParams(i, K // 16, M // 16, 0, 0, False, 0))
    for j in range(K // 16):
        asc.load_data(b2[j * 16 * N:], b1, asc.LoadData2DParams(j, N // 16, K // 16, 0, 0, True, 0))
    q_a1.free_tensor(a1)
    q_b1.free_tensor(b1)
    q_a2.enque(a2)
    q_b2.enque(b2)
    a2 = q_a2.deque(asc.float16)
    b2 = q_b2.deque(asc.float16)
    co1 = q_co1.alloc_tensor(asc.float32)
    asc.mmad(co1, a2, b2, asc.MmadParams(M, N, K, False, 0, False, False, False, 0, False, True, False))
    q_a2.free_tensor(a2)
    q_b2.free_tensor(b2)
    q_co1.enque(co1)
    co1 = q_co1.deque(asc.float32)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(N, M, M, N, 0, 0, 1, 0, 0, False, 0, False))
    q_co1.free_tensor(co1)


TWINS = {
    "tests/ascendc/add_tque.cpp": add_custom,
    "tests/ascendc/vector_mask.cpp": vec_mask,
    "tests/ascendc/matmul_basic.cpp": matmul_basic,
}
