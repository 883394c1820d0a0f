// Whether this thread's WebAssembly runs 128-bit SIMD, asked of the engine itself. The solver picks
// its build by it (work/load.ts); the image routine has only a SIMD build, so without it a photo's
// metadata can never be taken out on this browser (media/stripMetadata.ts, sw/ports.ts): a
// refusal for good, not a load to try again.

/** The smallest module with one SIMD instruction: `(func (result v128) i32.const 0 i32x4.splat)`. */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, 0x03, 0x02, 0x01, 0x00, 0x0a, 0x08, 0x01, 0x06,
  0x00, 0x41, 0x00, 0xfd, 0x11, 0x0b,
]);

/** Whether this thread's WebAssembly runs 128-bit SIMD (false without WebAssembly). */
export function hasSimd(): boolean {
  return typeof WebAssembly !== 'undefined' && WebAssembly.validate(SIMD_PROBE);
}
