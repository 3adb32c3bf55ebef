/**
 * Uploads with progress go through XMLHttpRequest (lib/api-client.ts); jsdom's would reach no server.
 * This stand-in reports the file sent, then hands the request to the stubbed fetch so stubApi answers
 * it. Install it with `vi.stubGlobal('XMLHttpRequest', FakeXhr)` (setup.ts unstubs it after each test).
 */
export class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } =
    {
      onprogress: null,
      onload: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  async send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    this.upload.onload?.();
    const res = await fetch(this.url, { method: this.method, headers: this.headers, body });
    this.status = res.status;
    this.responseText = await res.text();
    this.onload?.();
  }
}
