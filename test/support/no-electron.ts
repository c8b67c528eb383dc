/**
 * What `electron` resolves to outside the adapter tests: the core and the sandbox run on
 * plain Node, so a test that reaches an Electron import through them fails here, loudly.
 */
throw new Error(
  'electron was imported outside src/main/electron: the core, the sandbox and shared code run without Electron',
);
