/** Saves `blob` as a file named `name` through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // after the click has started the download
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
