/**
 * The QR image as an <img> of a data URL: the SVG comes from our server, but drawn this way it can
 * run no script and reach no page content, whatever it holds.
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
