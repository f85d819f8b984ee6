/* half.h - half <-> float conversions, exact, for the hot loops (vfast.c's vector ops, cube.c's
 * fixpipe): the same bits as asc_sim_f16_value / asc_sim_f16_bits (numeric.c), which go through
 * double and a general rounding routine. */
#ifndef ASC_SIM_HALF_H
#define ASC_SIM_HALF_H

#include <stdint.h>
#include <string.h>

/* ---- half <-> float, exact ---- */
static inline float asc_sim_h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 1023, u;
  if (e == 31)
    u = s | 0x7f800000u | (m << 13);
  else if (e)
    u = s | ((e + 112) << 23) | (m << 13);
  else if (!m)
    u = s;
  else { /* subnormal: m * 2^-24 is exact in float */
    float f = (float)m * 0x1p-24f;
    memcpy(&u, &f, 4);
    u |= s;
  }
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* Round to nearest even; NaN -> 0x7e00 like asc_sim_f16_bits. */
static inline uint16_t asc_sim_f2h(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = x & 0x80000000u;
  x ^= sign;
  uint16_t o;
  if (x > 0x7f800000u)
    return 0x7e00;
  if (x >= 0x47800000u) { /* >= 2^16: infinity */
    o = 0x7c00;
  } else if (x < 0x38800000u) { /* below 2^-14: the FPU rounds the subnormal for us */
    const uint32_t magic_u = ((127 - 15) + (23 - 10) + 1) << 23;
    float t, magic;
    memcpy(&t, &x, 4);
    memcpy(&magic, &magic_u, 4);
    t += magic;
    uint32_t u;
    memcpy(&u, &t, 4);
    o = (uint16_t)(u - magic_u);
  } else {
    uint32_t odd = (x >> 13) & 1;
    x += ((uint32_t)(15 - 127) << 23) + 0xfff + odd;
    o = (uint16_t)(x >> 13); /* a carry out of the mantissa rounds up to infinity */
  }
  return (uint16_t)(o | (sign >> 16));
}

#endif
