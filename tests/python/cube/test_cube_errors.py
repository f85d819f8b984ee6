"""Cube-side misuse reported at the kernel line with the numbers (issue 15 item 4): operands in
the wrong memory, ops the A2/A3 parts lack, L0 overflow, L0 misalignment, uninitialised L0C,
copy paths the hardware lacks, bounds of L1, fixpipe conversions."""
import numpy as np
import pytest

import asc

P = asc.TPosition
HERE = open(__file__).read().splitlines()


def line(marker):
    return next(i + 1 for i, t in enumerate(HERE) if marker in t and "line(" not in t)


@asc.jit
def bug_kernel(c: asc.GlobalAddress, bug: asc.ConstExpr[int]):
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
    asc.init_const_value(a1, asc.InitConstValueParams(1, 16, 0, 1.0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    if bug == 5:
        asc.load_data(a2[16:], a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))  # MISALIGNED
    elif bug == 8:
        pass  # A is never loaded into L0A
    else:
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    asc.load_data(b2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    if bug == 1:
        asc.mmad(c1, a1, b2, asc.MmadParams(16, 16, 16))  # WRONG_MEM
    elif bug == 2:
        asc.mmad_with_sparse(c1, a2, b2, asc.MmadParams(16, 16, 16))  # SPARSE
    elif bug == 6:
        pass  # no mmad: L0C is never written
    else:
        asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))  # MMAD
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    if bug == 7:
        c16 = c1.reinterpret_cast(asc.float32)
        asc.fixpipe(cg, c16, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.DEQF16))  # BAD_QUANT
    else:
        asc.fixpipe(cg, c1, asc.FixpipeParamsV220(16, 16, 16, 16))  # FIXPIPE


def test_wrong_memory_is_a_verifier_error():
    """mmad's src0 must be in L0A (src/ops/operand_mems.def; the device kit's Mmad page: A from L0A);
    a tensor whose TPosition (A1) is in L1 is the verifier's error at the kernel line."""
    c = np.zeros((16, 16), np.float32)
    with pytest.raises(asc.CompilationError) as ei:
        bug_kernel[1](c, 1)
    msg = str(ei.value)
    assert "'asc.mmad' op operand 'src0' is in L1, but must be in L0A (A2)" in msg, msg
    assert f"test_cube_errors.py:{line('# WRONG_MEM')}:" in msg, msg


@pytest.mark.parametrize("bug,marker,text", [
    (2, "# SPARSE", "asc.mmad_with_sparse: s8 x s8 -> s32 only"),
    (5, "# MISALIGNED", "asc.load_data_2d: destination address 32 in L0A is not 512-byte aligned"),
    (6, "# FIXPIPE", "read of uninitialized L0C bytes [0, 1024) by asc.fixpipe"),
    (8, "# MMAD", "read of uninitialized L0A bytes [0, 512) by asc.mmad"),
    (7, "# BAD_QUANT", "asc.fixpipe: quant_pre DEQF16 converts i32 to f16, but the source is f32 and the "
                       "destination f32"),
])
def test_cube_misuse(bug, marker, text):
    c = np.zeros((16, 16), np.float32)
    with pytest.raises(asc.KernelError) as ei:
        bug_kernel[1](c, bug)
    msg = str(ei.value)
    assert text in msg, msg
    assert f"test_cube_errors.py:{line(marker)}:" in msg, msg


def test_clean_variant_is_exact():
    c = np.zeros((16, 16), np.float32)
    bug_kernel[1](c, 0)
    # A = B = all ones (16 x 16): every element of C is 16
    np.testing.assert_array_equal(c, np.full((16, 16), 16, np.float32))


@asc.jit
def vecin_kernel(c: asc.GlobalAddress):
    x = asc.LocalTensor(asc.float16, P.VECIN, 0, 256)  # VECIN_ON_AIC
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))  # a cube kernel
    asc.duplicate(x, 1.0, 256)


def test_vector_position_in_a_cube_kernel():
    with pytest.raises(asc.KernelError) as ei:
        vecin_kernel[1](np.zeros(4, np.float32))
    msg = str(ei.value)
    assert "TPosition VECIN (UB) is not available on an AIC core: UB belongs to the AIVs" in msg, msg
    assert f"test_cube_errors.py:{line('# VECIN_ON_AIC')}:" in msg


@asc.jit
def overflow_kernel(c: asc.GlobalAddress, nbytes: int):
    pipe = asc.TPipe()
    q = asc.TQue(P.A2, 1)
    q2 = asc.TQue(P.A2, 1)
    pipe.init_buffer(q, 1, 49152)
    pipe.init_buffer(q2, 1, nbytes)  # L0A_OVERFLOW
    a2 = q.alloc_tensor(asc.float16)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
    asc.mmad(c1, a2, b2, asc.MmadParams(0, 0, 0))  # m = 0: a no-op
    q.free_tensor(a2)


def test_l0a_overflow():
    overflow_kernel[1](np.zeros(4, np.float32), 16384)  # exactly 64 KiB: fits
    with pytest.raises(asc.KernelError) as ei:
        overflow_kernel[1](np.zeros(4, np.float32), 16896)
    msg = str(ei.value)
    assert ("asc.init_buffer: L0A overflow: 16896 more bytes for A2 do not fit; already carved: A2 49152 B, "
            "total 49152 B of the 65536 B limit") in msg, msg
    assert f"test_cube_errors.py:{line('# L0A_OVERFLOW')}:" in msg


@asc.jit
def path_kernel(c: asc.GlobalAddress):
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
    asc.data_copy(c1, cg, 256)  # NO_PATH


def test_copy_path_the_hardware_lacks():
    with pytest.raises(asc.CompilationError) as ei:
        path_kernel[1](np.zeros(256, np.float32))
    msg = str(ei.value)
    assert "there is no GM -> L0C copy path on arch 2201" in msg, msg
    assert f"test_cube_errors.py:{line('# NO_PATH')}:" in msg


@asc.jit
def l1_bounds_kernel(c: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, P.A1, 524288 - 256, 256)  # L1_BOUNDS
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 256)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))


def test_l1_bounds():
    with pytest.raises(asc.KernelError) as ei:
        l1_bounds_kernel[1](np.zeros(4, np.float32))
    msg = str(ei.value)
    assert "asc.local_tensor: bytes [524032, 524544) are outside L1 (524288 bytes)" in msg, msg
    assert f"test_cube_errors.py:{line('# L1_BOUNDS')}:" in msg


@asc.jit
def cube_queue_kernel(a: asc.GlobalAddress, free_a1: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    pipe = asc.TPipe()
    q1 = asc.TQue(P.A1, 1)
    q2 = asc.TQue(P.A2, 1)
    pipe.init_buffer(q1, 1, 512)
    pipe.init_buffer(q2, 1, 512)
    a1 = q1.alloc_tensor(asc.float16)  # A1_ALLOC
    asc.data_copy(a1, ag, 256)
    q1.enque(a1)
    a1 = q1.deque(asc.float16)
    a2 = q2.alloc_tensor(asc.float16)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    q2.enque(a2)
    if free_a1 == 1:
        q1.free_tensor(a1)
    a2 = q2.deque(asc.float16)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
    asc.mmad(c1, a2, b2, asc.MmadParams(0, 0, 0))
    q2.free_tensor(a2)


def test_verify_sync_knows_cube_queues():
    """verify-sync's TQue checks cover the cube positions: an A1 tensor never freed is S010."""
    cube_queue_kernel[1](np.zeros(256, np.float16), 1, verify_sync=True)
    with pytest.raises(asc.CompilationError) as ei:
        cube_queue_kernel[1](np.zeros(256, np.float16), 0, verify_sync=True)
    msg = str(ei.value)
    assert "S010 TQue misuse: AllocTensor: there is no corresponding call to FreeTensor" in msg, msg
    assert f"test_cube_errors.py:{line('# A1_ALLOC')}:" in msg


@asc.jit
def runaway_kernel(a: asc.GlobalAddress, nd: int):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, 256)
    asc.data_copy(a1, ag, asc.Nd2NzParams(nd, 16384, 16, 0, 0, 0, 0, 0))  # RUNAWAY


def test_nd2nz_with_zero_strides_is_bounded():
    """4095 x 16384 rows onto one block: an error at once, not minutes of copying."""
    with pytest.raises(asc.KernelError) as ei:
        runaway_kernel[1](np.zeros(256, np.float16), 4095)
    msg = str(ei.value)
    assert "4095 matrices x 16384 rows x 1 blocks of 32 bytes are more than L1 holds (524288 bytes)" in msg, msg
    assert f"test_cube_errors.py:{line('# RUNAWAY')}:" in msg


@asc.jit
def field_kernel(a: asc.GlobalAddress, nd: int, n_value: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, 256)
    asc.data_copy(a1, ag, asc.Nd2NzParams(nd, n_value, 16, 0, 0, 0, 0, 0))  # BAD_FIELD


def test_field_ranges_one_table_for_verifier_and_simulator():
    """Nd2NzParams' ranges (the device kit's DataCopy ND2NZ page: nValue 0..16384, ndNum 0..4095) are
    rows of src/ops/field_ranges.def: a constant outside one is the verifier's error at the line that
    built the struct; a runtime value outside one is the simulator's, from the same row."""
    a = np.zeros(256, np.float16)
    field_kernel[1](a, 1, 16)  # in range: runs
    with pytest.raises(asc.CompilationError) as ei:
        field_kernel[1](a, 1, 16385)
    msg = str(ei.value)
    assert "Nd2NzParams.n_value 16385 is not an integer in 0..16384" in msg, msg
    assert f"test_cube_errors.py:{line('# BAD_FIELD')}:" in msg, msg
    with pytest.raises(asc.KernelError) as ei:
        field_kernel[1](a, 4096, 16)
    msg = str(ei.value)
    assert "Nd2NzParams.nd_num 4096 is not an integer in 0..4095" in msg, msg
    assert f"test_cube_errors.py:{line('# BAD_FIELD')}:" in msg, msg
