import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// PDF.js reads the metrics of the 14 standard fonts (our Helvetica) from its own files.
const STANDARD_FONTS = fileURLToPath(
  new URL('../../standard_fonts/', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs')),
);

/** The lines of text of a downloaded PDF as PDF.js (Mozilla's reader) reads them, spaces normalised. */
export const pdfLines = async (path: string): Promise<string[]> => {
  const pdf = await getDocument({
    data: new Uint8Array(readFileSync(path)),
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    let line = '';
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items) {
      if (!('str' in item)) continue;
      line += `${item.str} `;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    lines.push(line);
  }
  await pdf.destroy();
  return lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
};
