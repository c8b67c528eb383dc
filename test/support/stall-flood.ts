import { connect, type Socket } from 'node:net';

/**
 * A local program keeping `count` connections to a server stalled: each sends half a request
 * header and then nothing, and is opened again as soon as the server closes it.
 */
export function stallFlood(port: number, host: string, count: number) {
  let stopped = false;
  const sockets = new Set<Socket>();
  const counts = { opened: 0, closedByServer: 0 };
  const open = () => {
    if (stopped) return;
    const socket = connect(port, '127.0.0.1');
    counts.opened += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      if (stopped) return;
      counts.closedByServer += 1;
      setImmediate(open);
    });
    socket.write(`GET /v2/apps/$self_app/conversations HTTP/1.1\r\nhost: ${host}\r\n`);
  };
  for (let i = 0; i < count; i++) open();
  return {
    counts,
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
