/**
 * Fetches the file behind a single-use link and hands it to the browser as a download, so the
 * page knows when the link has been used. Throws when the link no longer answers.
 */
export async function saveFileFrom(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
