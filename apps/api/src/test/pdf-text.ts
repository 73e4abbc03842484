import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// PDF.js reads the metrics of the 14 standard fonts (our Helvetica) from its own files.
const STANDARD_FONTS = fileURLToPath(
  new URL('../../standard_fonts/', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs')),
);

/** The text of every page of a PDF, one string per line as PDF.js reads it (Mozilla's reader, not our writer). */
export const pdfText = async (bytes: Uint8Array): Promise<string[]> => {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      } else line += ' ';
    }
    if (line.trim()) lines.push(line.trim());
  }
  await pdf.destroy();
  return lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
};
