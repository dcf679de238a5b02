/**
 * Logout must close the live socket, but the socket client lives in a later module that the auth
 * provider should not import; the client registers itself here instead.
 */
interface ClosableSocket {
  close(): void;
}

let current: ClosableSocket | null = null;

export const registerSocket = (socket: ClosableSocket | null): void => {
  current = socket;
};

export const closeSocket = (): void => {
  const socket = current;
  current = null;
  socket?.close();
};
