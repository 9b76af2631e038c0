import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, from its content (magic bytes, via `file-type`), never from its name or
 * the type a client declared (decision 0072). Office formats: OOXML and OpenDocument are
 * recognised inside their zip; the older Word/Excel/PowerPoint files are OLE2 containers,
 * named by their extension only once the container itself is recognised.
 */

/** How many bytes of the start of a file the check reads (enough for the zip directory of OOXML). */
export const SNIFF_BYTES = 256 * 1024;

export interface FileType {
  mime: string;
  ext: string;
}

const legacyOffice: Record<string, FileType> = {
  doc: { mime: 'application/msword', ext: 'doc' },
  xls: { mime: 'application/vnd.ms-excel', ext: 'xls' },
  ppt: { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' },
};

/** The type found in `head` (the first SNIFF_BYTES of the file), or null when unknown. */
export async function detectFileType(head: Buffer, fileName: string): Promise<FileType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  if (found.ext === 'cfb') return legacyOffice[extensionOf(fileName)] ?? { mime: found.mime, ext: 'cfb' };
  return { mime: found.mime, ext: found.ext };
}

const extensionOf = (name: string) => extname(name).slice(1).toLowerCase();

const sameExtension: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', htm: 'html' };
const canonicalExt = (ext: string) => sameExtension[ext] ?? ext;

/**
 * A name safe to show and to offer on download: the last path segment only (no `../`, no
 * absolute path), no control or reserved characters, at most 200 characters, and the
 * extension of the type the content really is.
 */
export function sanitiseFileName(name: string, type?: FileType): string {
  let base = (name.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!base) base = 'file';
  if (type && canonicalExt(extensionOf(base)) !== canonicalExt(type.ext)) {
    const stem = extensionOf(base) ? base.slice(0, -(extensionOf(base).length + 1)) : base;
    base = `${stem || 'file'}.${type.ext}`;
  }
  if (base.length > 200) {
    const ext = extensionOf(base);
    base = ext && ext.length < 20 ? `${base.slice(0, 199 - ext.length)}.${ext}` : base.slice(0, 200);
  }
  return base;
}
