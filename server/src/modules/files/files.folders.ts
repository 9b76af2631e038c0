import type { FolderName } from '@vigilo/contract';

/**
 * What each folder accepts, by the type found in the content (decision 0072). Report
 * attachments take what reporters photograph or scan (images, PDF), what professionals
 * attach (office documents) and E2B XML; folders for one purpose take only that.
 */
const images = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/tiff'];
const pdf = ['application/pdf'];
const office = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
];
const e2bXml = ['application/xml'];

const MB = 1024 * 1024;

export interface FolderRule {
  types: readonly string[];
  maxBytes: number;
}

/** Client folders, plus `exports` which only the server writes to (CSV and zip). */
export const folderRules: Record<FolderName | 'exports', FolderRule> = {
  uploads: { types: [...images, ...pdf, ...office, ...e2bXml], maxBytes: 50 * MB },
  images: { types: images, maxBytes: 10 * MB },
  documents: { types: [...pdf, ...office], maxBytes: 100 * MB },
  e2b: { types: e2bXml, maxBytes: 20 * MB },
  resources: { types: [...pdf, ...office, ...images], maxBytes: 100 * MB },
  exports: { types: ['text/csv', 'application/zip'], maxBytes: 1024 * MB },
};
