/* kernel_operator_matmul_run.h - the Matmul object of the running mode (kernel_operator_run.h, -DASC_RUN).  C++17.
 *
 * Written from the public Ascend C API documentation (the Matmul Kernel pages: MatmulType, Matmul,
 * REGIST_MATMUL_OBJ, Init, SetTensorA/B, SetBias, SetQuant*, SetTail, Iterate, GetTensorC, IterateAll, IterateBatch,
 * End; "Matmul usage": a kernel with a Matmul is MIX unless ASCENDC_CUBE_ONLY is defined), not from vendor
 * code.  openasc's IR keeps no Matmul object: every computing call is one asc.matmul_* op carrying the
 * object's state as operands (c, a, b, bias, workspace, quant vector, the tiling's scalars, src/ops/
 * matmul_operands.h) and attributes (trans_a/b, bias, mix, a/b_scalar, quant, next, seq, a/b_nz[, atomic]),
 * as python/asc/language/adv/_matmul.py builds it.  The object here records what its setters were given
 * and each computing call appends that op, so the simulator's pipeline (expand-matmul) expands the trace
 * as it does the Python kernel's.
 *
 * The kernel type: `mix` is 1 unless the translation unit defines ASCENDC_CUBE_ONLY (the emitter defines it
 * for a cube-only Matmul, as pyasc does).  In a MIX kernel (MIX_AIC_1_2) the kernel body runs on the two
 * vector cores of each block, whose GetBlockIdx() is block * 2 + sub-block: the host traces
 * asc_run_ratio() x blockDim bodies (asc_run_block(i, blockDim) for every such index), and expand-matmul
 * gives the cube core the server.  The workspace the calls carry is the kernel argument REGIST_MATMUL_OBJ
 * was given (in a MIX kernel it must be one: the cube core reads the messages there).
 */
#ifndef OPENASC_KERNEL_OPERATOR_MATMUL_RUN_H
#define OPENASC_KERNEL_OPERATOR_MATMUL_RUN_H

namespace ascrun {
#ifdef ASCENDC_CUBE_ONLY
constexpr bool matmul_mix = false;
#else
constexpr bool matmul_mix = true;
#endif

/* The body being traced runs on the vector cores of a MIX kernel and on the cube core of a cube-only
 * one (ascend_is_aic); a MIX_AIC_1_2 body is traced once per vector core. */
inline void note_matmul_kernel() {
  Tracer &t = T();
  t.corekind = matmul_mix ? 0 : 1;
  t.ratio = matmul_mix ? 2 : 1;
}

/* A GM pointer as the op's workspace: the kernel argument itself when it points at its start (a MIX
 * kernel's Matmul needs that), else asc.gm_offset into it. */
inline Val gmarg(const void *p, const Loc &l) {
  Tracer &t = T();
  for (size_t k = 0; k < t.gm.size(); k++)
    if ((uintptr_t)p == t.gm[k].lo) { /* the argument as the kernel has it (a GM_ADDR cast of a typed one) */
      if (t.gm[k].elem.empty())
        t.gm[k].elem = "ui8", t.gm[k].esize = 1;
      return {"%arg" + std::to_string(k), "!asc.gm_ptr<" + t.gm[k].elem + ">"};
    }
  return gmptr<uint8_t>(p, l);
}

/* What the setters gave the Matmul object. */
struct MatmulState {
  TCubeTiling tiling{};
  bool has_tiling = false, has_ws = false;
  Val ws, a, b, bias, qv;
  bool has_a = false, has_b = false, has_bias = false, trans_a = false, trans_b = false;
  bool a_scalar = false, b_scalar = false;
  int64_t a_value = 0, b_value = 0, quant_word = 0;
  int quant = 0;     /* 0 none, 1 SetQuantScalar, 2 SetQuantVector */
  int next_tile = 0; /* the tile the next Iterate() computes */
};
} // namespace ascrun

namespace AscendC {
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false>
struct MatmulType {
  using T = TYPE;
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
};

/* ASCEND_IS_AIC: the traced body's core kind (known once the kernel declared its Matmul object), computed
 * natively as GetBlockIdx() is (the trace holds the branch taken). */
inline bool IsAIC(Loc l = Loc()) {
  ascrun::Tracer &t = ascrun::T();
  if (t.corekind < 0)
    ascrun::fail(l, "ASCEND_IS_AIC / ASCEND_IS_AIV in a kernel without a Matmul object: not traced yet (the running "
                    "mode traces the body of one core kind)");
  return t.corekind == 1;
}
inline bool IsAIV(Loc l = Loc()) {
  ascrun::Tracer &t = ascrun::T();
  if (t.corekind < 0)
    ascrun::fail(l, "ASCEND_IS_AIV in a kernel without a Matmul object: not traced yet");
  return t.corekind == 0;
}
#define ASCEND_IS_AIC (::AscendC::IsAIC())
#define ASCEND_IS_AIV (::AscendC::IsAIV())

inline TPipe *GetTPipePtr() { return static_cast<TPipe *>(ascrun::T().pipe); }
inline void SetSysWorkspace(GM_ADDR workspace) { ascrun::T().sysws = workspace; }
inline GM_ADDR GetSysWorkSpacePtr() { return static_cast<GM_ADDR>(ascrun::T().sysws); }

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto &MM_CFG = CFG_NORM>
class Matmul {
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  ascrun::MatmulState s;

  /* (c, a, b, bias, workspace, quant vector, scalars[, tile]) and the attributes, as _matmul.py's _emit */
  void call(const char *name, const Val *c, bool tile, int tileno, int next, bool seq, int atomic, const Loc &l,
            const std::vector<Val> &extra = {}, const std::string &xattrs = "") {
    if (!s.has_tiling || !s.has_ws) {
      ascrun::fail(l, std::string("Matmul: ") + name + " before REGIST_MATMUL_OBJ / Init gave the tiling and the workspace");
      return;
    }
    if ((!s.has_a && !s.a_scalar) || (!s.has_b && !s.b_scalar)) {
      ascrun::fail(l, std::string("Matmul: ") + name + " with no A or B (SetTensorA / SetTensorB)");
      return;
    }
    const TCubeTiling &t = s.tiling;
    std::vector<Val> sc;
    /* the L1 depths hold two packets of A and of B and K has several slices: the expansion's ping-pong L1
     * (S_DBUF, as _matmul.py's _double_buffered; 0 in a MIX kernel) */
    auto one = [](int32_t v) { return v > 1 ? v : 1; };
    bool dbuf = !ascrun::matmul_mix && t.depthA1 >= 2 * one(t.stepM) * one(t.stepKa) &&
                t.depthB1 >= 2 * one(t.stepN) * one(t.stepKb) && t.singleCoreK > t.baseK;
    /* MM_CFG is accepted and not traced: a CFG_MDL Matmul runs NORM's schedule here (its packets, _matmul.py's
     * _mdl_word and attribute mdl, do not round-trip yet: docs/emit.md) */
    (void)MM_CFG;
    int64_t sdbuf = dbuf ? 1 : 0;
    for (int64_t v : std::initializer_list<int64_t>{t.singleCoreM, t.singleCoreN, t.singleCoreK, t.M, t.N, t.Ka, t.Kb, t.baseM, t.baseN, t.baseK,
                      t.iterateOrder, t.isBias, s.quant == 1 ? s.quant_word : 0, s.a_value, s.b_value, sdbuf})
      sc.push_back(ascrun::cint((int64_t)(int32_t)v, "i32", l));
    Val av = s.a_scalar ? placeholder<SrcAT>(l) : s.a;
    Val bv = s.b_scalar ? placeholder<SrcBT>(l) : s.b;
    bool agm = !s.a_scalar && s.a.type.rfind("!asc.global_tensor", 0) == 0;
    Val gv = agm ? av : placeholder<SrcAT>(l);
    std::vector<Val> ops = {c ? *c : av, av, bv, s.has_bias ? s.bias : av, s.ws, s.quant == 2 ? s.qv : gv};
    ops.insert(ops.end(), sc.begin(), sc.end());
    if (tile)
      ops.push_back(ascrun::cint(tileno, "i32", l));
    ops.insert(ops.end(), extra.begin(), extra.end());
    auto flag = [](const char *k, int v) { return std::string(k) + " = " + std::to_string(v) + " : i64"; };
    std::string attrs = flag("trans_a", s.trans_a) + ", " + flag("trans_b", s.trans_b) + ", " + flag("bias", s.has_bias) +
                        ", " + flag("mix", ascrun::matmul_mix) + ", " + flag("a_scalar", s.a_scalar) + ", " +
                        flag("b_scalar", s.b_scalar) + ", " + flag("quant", s.quant) + ", " + flag("next", next) + ", " +
                        flag("seq", seq) + ", " + flag("a_nz", A_TYPE::format == CubeFormat::NZ) + ", " +
                        flag("b_nz", B_TYPE::format == CubeFormat::NZ);
    if (atomic)
      attrs += ", " + flag("atomic", atomic);
    if (!xattrs.empty())
      attrs += ", " + xattrs;
    ascrun::op(name, ops, attrs, "", l);
  }
  template <typename E> static Val placeholder(const Loc &l) {
    return ascrun::op("asc.global_tensor", {}, "", GlobalTensor<E>::type(), l);
  }
  int tiles() const {
    const TCubeTiling &t = s.tiling;
    if (t.baseM <= 0 || t.baseN <= 0)
      return 0;
    return ((t.singleCoreM + t.baseM - 1) / t.baseM) * ((t.singleCoreN + t.baseN - 1) / t.baseN);
  }

public:
  Matmul() { ascrun::note_matmul_kernel(); }
  /* REGIST_MATMUL_OBJ's part: the workspace the calls carry */
  void OpenascRegist(GM_ADDR workspace, const Loc &l) {
    s.ws = ascrun::gmarg(workspace, l);
    s.has_ws = true;
  }
  void Init(const TCubeTiling *cubeTiling, TPipe *tpipe = nullptr) {
    (void)tpipe;
    if (cubeTiling) {
      s.tiling = *cubeTiling;
      s.has_tiling = true;
    }
    s.next_tile = 0;
  }
  void SetTensorA(const GlobalTensor<SrcAT> &gm, bool isTransposeA = false) { setA(gm.v, isTransposeA); }
  void SetTensorA(const LocalTensor<SrcAT> &leftMatrix, bool isTransposeA = false) { setA(leftMatrix.v, isTransposeA); }
  void SetTensorA(SrcAT aScalar) {
    s.a_scalar = true, s.has_a = false, s.a_value = (int64_t)(float)aScalar, s.next_tile = 0;
  }
  void SetTensorB(const GlobalTensor<SrcBT> &gm, bool isTransposeB = false) { setB(gm.v, isTransposeB); }
  void SetTensorB(const LocalTensor<SrcBT> &rightMatrix, bool isTransposeB = false) { setB(rightMatrix.v, isTransposeB); }
  void SetTensorB(SrcBT bScalar) {
    s.b_scalar = true, s.has_b = false, s.b_value = (int64_t)(float)bScalar, s.next_tile = 0;
  }
  void SetBias(const GlobalTensor<BiasT> &biasGlobal) { s.bias = biasGlobal.v, s.has_bias = true; }
  void SetBias(const LocalTensor<BiasT> &inputBias) { s.bias = inputBias.v, s.has_bias = true; }
  void DisableBias() { s.has_bias = false; }
  void SetQuantScalar(const uint64_t quantScalar) { s.quant = 1, s.quant_word = (int32_t)(uint32_t)quantScalar; }
  void SetQuantVector(const GlobalTensor<uint64_t> &quantTensor) { s.quant = 2, s.qv = quantTensor.v; }
  void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK); }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
    (void)orgKc;
    s.tiling.M = orgM, s.tiling.N = orgN, s.tiling.Ka = orgKa, s.tiling.Kb = orgKb;
  }
  void SetSingleShape(int singleM, int singleN, int singleK) {
    s.tiling.singleCoreM = singleM, s.tiling.singleCoreN = singleN, s.tiling.singleCoreK = singleK;
  }
  /* -1 keeps the tiling's value (SetTail's page) */
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
    if (tailM != -1)
      s.tiling.singleCoreM = tailM;
    if (tailN != -1)
      s.tiling.singleCoreN = tailN;
    if (tailK != -1)
      s.tiling.singleCoreK = tailK;
  }
  /* sync: the next tile into L0C (asc.matmul_iterate with its tile; false once all are done);
   * async (Iterate<false>): the tiles restart, each GetTensorC<false> computes the next one */
  template <bool sync = true> bool Iterate(bool enPartialSum = false, Loc l = Loc()) {
    if (enPartialSum)
      ascrun::fail(l, "Matmul::Iterate(enPartialSum = true): not traced yet");
    if (!sync) {
      call("asc.matmul_iterate", nullptr, true, -1, 1, false, 0, l);
      return true;
    }
    if (s.next_tile >= tiles())
      return false;
    call("asc.matmul_iterate", nullptr, true, s.next_tile++, 0, false, 0, l);
    return true;
  }
  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  bool waitIterateAll = false, bool fakeMsg = false, Loc l = Loc()) {
    (void)waitIterateAll, (void)fakeMsg;
    call("asc.matmul_iterate_all", &gm.v, false, 0, 0, enSequentialWrite, enAtomic, l);
  }
  template <bool sync = true> void IterateAll(const LocalTensor<DstT> &ubCmatrix, uint8_t enAtomic = 0, Loc l = Loc()) {
    call("asc.matmul_iterate_all", &ubCmatrix.v, false, 0, 0, false, enAtomic, l);
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0, bool enSequentialWrite = false, Loc l = Loc()) {
    getC(&gm.v, sync, enSequentialWrite, enAtomic, l);
  }
  /* a local C is the tile alone: no sequential form */
  template <bool sync = true>
  void GetTensorC(const LocalTensor<DstT> &co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false, Loc l = Loc()) {
    (void)enSequentialWrite;
    getC(&co2Local.v, sync, false, enAtomic, l);
  }
  /* IterateBatch's page: batchA x batchB matrices of A and B (placed as the MatmulTypes' layouts and the
   * tiling's layout info say) into C, one call; the op (_matmul_batch.py's _emit): iterate_all's operands and
   * attributes, then batchA, batchB, the batch loop (1), the matrix strides, the 15 layout info scalars, and
   * the layouts as attributes */
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateBatch(const GlobalTensor<DstT> &gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0, Loc l = Loc()) {
    batch(gm.v, batchA, batchB, enSequentialWrite, {matrixStrideA, matrixStrideB, matrixStrideC}, enPartialSum,
          enAtomic, l);
  }
  template <bool sync = true>
  void IterateBatch(const LocalTensor<DstT> &ubCmatrix, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0, Loc l = Loc()) {
    batch(ubCmatrix.v, batchA, batchB, enSequentialWrite, {matrixStrideA, matrixStrideB, matrixStrideC}, enPartialSum,
          enAtomic, l);
  }
  void End() {}

private:
  void setA(const Val &v, bool trans) {
    s.a = v, s.has_a = true, s.a_scalar = false, s.trans_a = trans, s.next_tile = 0;
  }
  void setB(const Val &v, bool trans) {
    s.b = v, s.has_b = true, s.b_scalar = false, s.trans_b = trans, s.next_tile = 0;
  }
  void batch(const Val &c, uint32_t batchA, uint32_t batchB, bool seq, std::initializer_list<uint32_t> strides,
             bool enPartialSum, int atomic, const Loc &l) {
    (void)seq; /* the batch op has no enSequentialWrite (C in GM: false, its page) */
    if (enPartialSum) {
      ascrun::fail(l, "Matmul::IterateBatch(enPartialSum = true): not traced yet");
      return;
    }
    const TCubeTiling &t = s.tiling;
    std::vector<Val> x;
    for (int64_t v : std::initializer_list<int64_t>{batchA, batchB, 1})
      x.push_back(ascrun::cint(v, "i32", l));
    for (uint32_t v : strides)
      x.push_back(ascrun::cint((int64_t)(int32_t)v, "i32", l));
#define OPENASC_TILING_VALUE(f) t.f,
    for (int64_t v : std::initializer_list<int64_t>{OPENASC_MATMUL_LAYOUT_FIELDS(OPENASC_TILING_VALUE)})
      x.push_back(ascrun::cint(v, "i32", l));
#undef OPENASC_TILING_VALUE
    auto lay = [](const char *k, LayoutMode m) { return std::string(k) + " = " + std::to_string((int)m) + " : i64"; };
    call("asc.matmul_iterate_batch", &c, false, 0, 0, false, atomic, l, x,
         lay("layout_a", A_TYPE::layout) + ", " + lay("layout_b", B_TYPE::layout) + ", " +
             lay("layout_c", C_TYPE::layout));
  }
  void getC(const Val *c, bool sync, bool seq, int atomic, const Loc &l) {
    if (sync && s.next_tile == 0)
      ascrun::fail(l, "Matmul::GetTensorC before Iterate computed a tile");
    call("asc.matmul_get_tensor_c", c, true, sync ? s.next_tile - 1 : -1, sync ? 0 : 1, seq, atomic, l);
  }
};

/* REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling][, mm2, &tiling2 ...]) */
inline void OpenascRegistMatmulObj(const Loc &, TPipe *, GM_ADDR) {}
template <class M, class... Rest>
void OpenascRegistMatmulObj(const Loc &l, TPipe *tpipe, GM_ADDR workspace, M &mm, const TCubeTiling *tiling, Rest &&...rest) {
  mm.OpenascRegist(workspace, l);
  mm.Init(tiling, tpipe);
  OpenascRegistMatmulObj(l, tpipe, workspace, rest...);
}
template <class M> void OpenascRegistMatmulObj(const Loc &l, TPipe *, GM_ADDR workspace, M &mm) {
  mm.OpenascRegist(workspace, l);
}
} // namespace AscendC
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                                                                  \
  ::AscendC::OpenascRegistMatmulObj(::ascrun::Loc(), tpipe, workspace, __VA_ARGS__)

/* The number of bodies per block the host traces: 2 for a MIX_AIC_1_2 kernel (its vector cores, block index
 * block * 2 + sub-block), else 1.  Known after the first body's trace. */
OPENASC_RUN_API int asc_run_ratio(void) { return ascrun::T().ratio; }

#endif
