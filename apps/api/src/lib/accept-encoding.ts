/** The content encodings a client accepts (`Accept-Encoding`, q > 0), lower case. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) <= 0)) names.add(name);
  }
  return names;
}

/** What the server sends a client: brotli when it takes it, else gzip, else the bytes as they are. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const encodings = acceptedEncodings(header);
  if (encodings.has('br')) return 'br';
  if (encodings.has('gzip') || encodings.has('*')) return 'gzip';
  return null;
}
