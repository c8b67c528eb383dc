/**
 * The process-wide last resort: an error no handler caught is logged and Perch keeps running.
 * Every entry point has its own catch; this is for what slips past them, so one bad request,
 * frame or file never takes the agent's inbox down with it.
 *
 * Logging itself must never throw or loop: when whatever read Perch's output goes away (a
 * launcher, an IDE, `perch | logger`), writing raises EPIPE on stdout or stderr. Those errors
 * are dropped here, and a failure while logging is not logged again.
 */
export function logInsteadOfExiting(
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): () => void {
  const stopIgnoring = ignoreOutputErrors();
  let logging = false;
  const safely = (message: string, error: unknown) => {
    // A failure while logging (the output gone) is not logged again: that would never end.
    if (logging) return;
    logging = true;
    try {
      log(message, error);
    } catch {
      // Nowhere left to say it.
    } finally {
      logging = false;
    }
  };
  const onRejection = (reason: unknown) => safely('perch: unhandled rejection', reason);
  const onException = (error: unknown) => {
    if (isBrokenOutput(error)) return;
    safely('perch: uncaught exception', error);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    stopIgnoring();
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}

/** Errors of Perch's own output streams (the reader went away): nothing to do about them. */
function ignoreOutputErrors(): () => void {
  const ignore = () => {};
  process.stdout.on('error', ignore);
  process.stderr.on('error', ignore);
  return () => {
    process.stdout.off('error', ignore);
    process.stderr.off('error', ignore);
  };
}

const isBrokenOutput = (error: unknown) =>
  ['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END'].includes(
    String((error as NodeJS.ErrnoException | null)?.code),
  );
