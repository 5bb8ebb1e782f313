/** RFC 4180 CSV: quoted fields with "" escapes and line breaks inside quotes; CRLF or LF rows. */

export class CsvError extends Error {}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) rows.push(row); // blank lines are skipped
    row = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvError('text after a closing quote');
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new CsvError('a quote inside an unquoted field');
      quoted = true;
    } else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
    i++;
  }
  if (quoted) throw new CsvError('an unclosed quote');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * Spreadsheets run cells starting with = + - @ (and tab, CR) as formulas: exported cells get a
 * leading apostrophe (OWASP "CSV injection"), which the import takes off again.
 */
// Apostrophes already in front of such a start get one more, so the import's removal is exact.
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const protectCell = (s: string): string => (FORMULA_START.test(s) ? `'${s}` : s);
export const unprotectCell = (s: string): string => (s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s);

const quote = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function writeCsv(rows: string[][]): string {
  return rows.map((r) => r.map((c) => quote(protectCell(c))).join(',')).join('\r\n') + '\r\n';
}
