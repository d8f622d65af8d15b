/**
 * Saving the grapher's board as a file: the SVG JSXGraph's renderer gives, with a white background
 * and its logical size; a PNG painted from that SVG on a canvas; a download with a dated name.
 */

const SVG_DATA_URI = 'data:image/svg+xml;base64,';

/** The SVG text of a JSXGraph data URI (`renderer.dumpToDataURI()`), or null when it is not one. */
export function svgFromDataUri(uri: string): string | null {
  if (!uri.startsWith(SVG_DATA_URI)) return null;
  const bytes = Uint8Array.from(atob(uri.slice(SVG_DATA_URI.length)), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The board's SVG as a file: a white background behind the drawing (a viewer's dark background
 * would hide the axes), an explicit size and viewBox, so it opens at the board's logical size, and
 * no HTML layer.
 */
export function standaloneSvg(svg: string, width: number, height: number): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) return svg;
  let tag = open[0]
    .replace(/\s(width|height|viewBox)="[^"]*"/g, '')
    .replace(/\sstyle="[^"]*"/, '')
    .replace(/\/?>$/, '');
  tag += ` width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;
  const background = `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`;
  // JSXGraph keeps an empty layer for HTML texts; an SVG with a foreignObject cannot be painted
  // on a canvas that is read back, and the board writes its texts as SVG.
  const rest = svg
    .slice(open.index + open[0].length)
    .replace(/<foreignObject\b[^>]*\/>/g, '')
    .replace(/<foreignObject\b[\s\S]*?<\/foreignObject>/g, '');
  return `${svg.slice(0, open.index)}${tag}${background}${rest}`;
}

/** A PNG of an SVG image, painted at `scale` times its size (2: sharp on a high-density screen). */
export async function pngFromSvg(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file name: the given stem, the date and time, the extension (`grafica-2025-03-07-0915.svg`). */
export function exportFileName(stem: string, extension: 'svg' | 'png', now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}`;
  return `${stem}-${stamp}.${extension}`;
}

/** Offers a file to the reader as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is freed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
