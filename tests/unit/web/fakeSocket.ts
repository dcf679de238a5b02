/** A minimal WebSocket the reconnecting client can drive; the test opens, feeds and drops it. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onmessage: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();
  constructor(public url: string) {
    FakeSocket.instances.push(this);
  }
  /** Like a browser's: several listeners per type, called in the order they were added. */
  addEventListener(type: string, listener: (event: unknown) => void) {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }
  /** Kept attached, as before: a test may still drive a socket the client gave up on. */
  removeEventListener() {}
  private dispatch(type: string, event: unknown) {
    (this as unknown as Record<string, ((event: unknown) => void) | null>)[`on${type}`]?.(event);
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
  sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
  open() {
    this.readyState = 1;
    this.dispatch('open', { type: 'open' });
  }
  message(data: unknown) {
    this.dispatch('message', { type: 'message', data: JSON.stringify(data) });
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatch('close', { type: 'close', code, reason: '', wasClean: true });
  }
}
