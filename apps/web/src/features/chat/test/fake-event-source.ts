/** A stand-in for the browser's EventSource (jsdom has none) that a test drives by hand. */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** Delivers a server event (`event: type`, `data: data`). */
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  static get open(): FakeEventSource[] {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
}
