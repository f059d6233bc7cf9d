/**
 * Why a base64 embedding does not decode to the float one (little-endian float32, same length), or undefined when it
 * does. Models are deterministic for one input; float32 keeps about 7 digits of each value.
 */
export function base64EmbeddingProblem(text: string, vector: number[]): string | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== vector.length * 4) {
    return `the base64 embedding holds ${bytes.length} bytes, but the float one has ${vector.length} values (${vector.length * 4} bytes as float32)`;
  }
  const decoded = Array.from({ length: vector.length }, (_, i) => bytes.readFloatLE(i * 4));
  const far = decoded.findIndex(
    (v, i) => Math.abs(v - (vector[i] as number)) > 1e-4 * Math.max(1, Math.abs(v)),
  );
  if (far >= 0) {
    return `value ${far} decodes to ${decoded[far]} as little-endian float32, but the float answer gives ${vector[far]}`;
  }
  return undefined;
}
