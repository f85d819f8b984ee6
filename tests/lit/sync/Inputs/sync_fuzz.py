#!/usr/bin/env python3
# Randomized auto-sync tester (sync.md B.11, small version): random AIV kernels over static
# UB tensors (some overlapping, some rotating by iv % 2), GM loads/stores, vector ops,
# scalar get/set_value, nested scf.for (0-3 trips) and scf.if on a runtime i1; each is
# run through `asc-opt --auto-sync-full`, then through `asc-run` with the condition false
# and true; the simulator's race detector / flag checker must report 0 errors (no race,
# double set, deadlock or pending flag).
#   python3 sync_fuzz.py BIN_DIR FIRST_SEED END_SEED [WORK_DIR]
import os, random, re, sys, subprocess, struct
N=64  # elements per tile (f32 -> 256 B)
BIN = sys.argv[1] if len(sys.argv) > 3 else '/work/main/build/bin'
WORK = sys.argv[4] if len(sys.argv) > 4 else '/tmp/sync_fuzz'
os.makedirs(WORK, exist_ok=True)
def gen(seed):
    r=random.Random(seed)
    nbuf=r.randint(2,5)
    lines=[]; ind='    '
    L=lines.append
    L('"builtin.module"() ({\n  "func.func"() ({\n  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>, %c: i1):')
    L(ind+'%%n = "arith.constant"() {value = %d : i32} : () -> i32' % N)
    L(ind+'%%n2 = "arith.constant"() {value = %d : i32} : () -> i32' % (2*N))
    L(ind+'%c0 = "arith.constant"() {value = 0 : i32} : () -> i32')
    L(ind+'%c3 = "arith.constant"() {value = 3 : i32} : () -> i32')
    L(ind+'%one = "arith.constant"() {value = 1.0 : f32} : () -> f32')
    L(ind+'%i0 = "arith.constant"() {value = 0 : index} : () -> index')
    L(ind+'%i1 = "arith.constant"() {value = 1 : index} : () -> index')
    L(ind+'%xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>')
    L(ind+'"asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()')
    L(ind+'%zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>')
    L(ind+'"asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()')
    T='!asc.local_tensor<%dxf32, VECCALC>' % N
    for b in range(nbuf):
        addr = r.choice([b*N*4, b*N*4, (b*N*4)//2//32*32])
        L(ind+'%%a%d = "arith.constant"() {value = %d : i32} : () -> i32' % (b, addr))
        L(ind+'%%b%d = "asc.local_tensor"(%%a%d, %%n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> %s' % (b, b, T))
    T2='!asc.local_tensor<%dxf32, VECCALC>' % (2*N)
    for b in range(2):
        L(ind+'%%ra%d = "arith.constant"() {value = %d : i32} : () -> i32' % (b, 8192 + b*2*N*4))
        L(ind+'%%rb%d = "asc.local_tensor"(%%ra%d, %%n2) {pos = #asc.pos<VECCALC>} : (i32, i32) -> %s' % (b, b, T2))
    L(ind+'%two = "arith.constant"() {value = 2 : i32} : () -> i32')
    for k in range(4):
        L(ind+'%%g%d = "arith.constant"() {value = %d : i32} : () -> i32' % (k, k*N))
        L(ind+'%%xs%d = "asc.gt_subview"(%%xg, %%g%d) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>' % (k, k))
        L(ind+'%%zs%d = "asc.gt_subview"(%%zg, %%g%d) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>' % (k, k))
    for b in range(nbuf):
        L(ind+'"asc.duplicate"(%%b%d, %%one, %%n) : (%s, f32, i32) -> ()' % (b, T))
    for b in range(2):
        L(ind+'"asc.duplicate"(%%rb%d, %%one, %%n2) : (%s, f32, i32) -> ()' % (b, T2))
    cnt=[0]; rot=[]
    def op(ind, depth):
        def B():
            if rot and r.random() < 0.5:
                return '%%rv%d_%d' % (rot[-1], r.randrange(2))
            return '%%b%d' % r.randrange(nbuf)
        kind=r.choice(['load','load','store','add','relu','dup','get','set','for','if'] if depth<2 else ['load','store','add','relu','dup','get','set'])
        ln=r.randint(1,4)
        ty=(lambda nm: '!asc.local_tensor<f32, VECCALC>' if nm.startswith('%rv') else T)
        if kind=='load':
            d=B(); L(ind+'"asc.data_copy"(%s, %%xs%d, %%n) : (%s, !asc.global_tensor<f32>, i32) -> ()' % (d, r.randrange(4), ty(d)))
        elif kind=='store':
            a=B(); L(ind+'"asc.data_copy"(%%zs%d, %s, %%n) : (!asc.global_tensor<f32>, %s, i32) -> ()' % (r.randrange(4), a, ty(a)))
        elif kind=='add':
            a,b,c=B(),B(),B(); L(ind+'"asc.add"(%s, %s, %s, %%n) : (%s, %s, %s, i32) -> ()' % (a,b,c,ty(a),ty(b),ty(c)))
        elif kind=='relu':
            a,b=B(),B(); L(ind+'"asc.relu"(%s, %s, %%n) : (%s, %s, i32) -> ()' % (a,b,ty(a),ty(b)))
        elif kind=='dup':
            a=B(); L(ind+'"asc.duplicate"(%s, %%one, %%n) : (%s, f32, i32) -> ()' % (a,ty(a)))
        elif kind=='get':
            a=B(); cnt[0]+=1; L(ind+'%%v%d = "asc.get_value"(%s, %%c3) : (%s, i32) -> f32' % (cnt[0], a, ty(a)))
        elif kind=='set':
            a=B(); L(ind+'"asc.set_value"(%s, %%c3, %%one) : (%s, i32, f32) -> ()' % (a, ty(a)))
        elif kind=='for':
            cnt[0]+=1; t=r.randint(0,3)
            L(ind+'%%t%d = "arith.constant"() {value = %d : index} : () -> index' % (cnt[0], t))
            L(ind+'"scf.for"(%%i0, %%t%d, %%i1) ({' % cnt[0]); L(ind+'^bb0(%%iv%d: index):' % cnt[0])
            me=cnt[0]
            L(ind+'  %%ic%d = "arith.index_cast"(%%iv%d) : (index) -> i32' % (me, me))
            L(ind+'  %%sl%d = "arith.remui"(%%ic%d, %%two) : (i32, i32) -> i32' % (me, me))
            L(ind+'  %%so%d = "arith.muli"(%%sl%d, %%n) : (i32, i32) -> i32' % (me, me))
            for b in range(2):
                L(ind+'  %%rv%d_%d = "asc.lt_subview"(%%rb%d, %%so%d) : (%s, i32) -> !asc.local_tensor<f32, VECCALC>' % (me, b, b, me, T2))
            rot.append(me)
            for _ in range(r.randint(1,6)): op(ind+'  ', depth+1)
            rot.pop()
            L(ind+'  "scf.yield"() : () -> ()'); L(ind+'}) : (index, index, index) -> ()')
        elif kind=='if':
            L(ind+'"scf.if"(%c) ({')
            for _ in range(r.randint(0,3)): op(ind+'  ', depth+1)
            L(ind+'  "scf.yield"() : () -> ()'); L(ind+'}, {')
            for _ in range(r.randint(0,3)): op(ind+'  ', depth+1)
            L(ind+'  "scf.yield"() : () -> ()'); L(ind+'}) : (i1) -> ()')
    for _ in range(r.randint(4,14)): op(ind, 0)
    L(ind+'"func.return"() : () -> ()')
    L('  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, i1) -> (), sym_name = "k"} : () -> ()\n}) : () -> ()')
    return '\n'.join(lines)+'\n'
def save(name, vals):
    hdr="{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % len(vals)
    hdr=hdr+' '*(63-(len(hdr)+10)%64)+'\n'
    open(name,'wb').write(b'\x93NUMPY\x01\x00'+struct.pack('<H',len(hdr))+hdr.encode()+struct.pack('<%df'%len(vals),*vals))
save(WORK+'/x.npy',[float(i) for i in range(4*N)]); save(WORK+'/z.npy',[0.0]*(4*N))
bad=0
for seed in range(int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else []:
    open(WORK+'/k.mlir','w').write(gen(seed))
    o=subprocess.run([BIN+'/asc-opt','--auto-sync-full',WORK+'/k.mlir','-o',WORK+'/ks.mlir'],capture_output=True,text=True)
    if o.returncode: print('opt fail', seed, o.stderr[:300]); bad+=1; continue
    for c in ('0','1'):
        p=subprocess.run([BIN+'/asc-run',WORK+'/ks.mlir','--kernel','k','x='+WORK+'/x.npy:f32:%d'%(4*N),'z='+WORK+'/z.npy:f32:%d'%(4*N),'c=i1:'+c],capture_output=True,text=True)
        if not re.search(r'^0 errors', p.stdout+p.stderr, re.M):
            print('RUN FAIL seed', seed, 'c', c, (p.stdout+p.stderr)[:600]); bad+=1; break
print('bad', bad)
