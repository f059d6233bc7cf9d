/** Reads a stream to its end; gives what the loop threw, or undefined when it ended cleanly. */
export async function drain(stream: AsyncIterable<unknown>): Promise<unknown> {
  try {
    for await (const _part of stream) {
      // only the ending matters here
    }
  } catch (error) {
    return error;
  }
  return undefined;
}
