/**
 * The process-wide last resort: an error no handler caught is logged and Perch keeps running.
 * Every entry point has its own catch; this is for what slips past them, so one bad request,
 * frame or file never takes the agent's inbox down with it.
 */
export function logInsteadOfExiting(
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): () => void {
  const onRejection = (reason: unknown) => log('perch: unhandled rejection', reason);
  const onException = (error: unknown) => log('perch: uncaught exception', error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
