/** Waits until a condition holds (checked every 5 ms), or fails naming what it waited for. */
export async function until(
  check: () => boolean | Promise<boolean>,
  options: { ms?: number; what?: string } = {},
): Promise<void> {
  const end = Date.now() + (options.ms ?? 10_000);
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${options.what ?? 'the condition'}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
