/** Saves a blob under a name through a temporary link, which goes after 1 second (SPEC §9). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Hidden (and named) while it lives: a bare link in the tab order is an unnamed link to a screen reader.
  link.hidden = true;
  link.textContent = fileName;
  document.body.appendChild(link);
  try {
    link.click();
  } catch (err) {
    link.remove();
    URL.revokeObjectURL(url);
    throw err;
  }
  setTimeout(() => {
    link.remove();
    URL.revokeObjectURL(url);
  }, 1000);
}
