import net from 'node:net';

/**
 * A 'Redis' that accepts TCP connections and never answers: what a stopped (SIGSTOP) or wedged
 * Redis, or another service on its port, looks like to a client. The connection itself is fine.
 */
export interface SilentRedis {
  url: string;
  /** Connections it has accepted so far. */
  accepted: () => number;
  close: () => Promise<void>;
}

export async function silentRedis(): Promise<SilentRedis> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP relay to a real Redis that can go silent: after silence(), nothing more passes in either
 * direction on the open connections, and new connections are accepted and never answered.
 */
export interface SilenceableRedis {
  url: string;
  silence: () => void;
  close: () => Promise<void>;
}

export async function silenceableRedis(target: string): Promise<SilenceableRedis> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  let silent = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (silent) return void client.on('data', () => undefined);
    const upstream = net.connect(Number(to.port || 6379), to.hostname);
    track(upstream);
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (!silent) client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    silence: () => {
      silent = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
