/** Saves a text as a file the browser downloads (a configuration file, an export). */
export function saveFile(fileName: string, text: string | Blob, type = 'application/json'): void {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
