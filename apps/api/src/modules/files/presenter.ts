import type { FileRow } from './repository';

/** What every evidence shows of its file: the name as uploaded, its size and its extension (lower-case, '' for none). */
export function presentFileFields(file: Pick<FileRow, 'id' | 'originalName' | 'size'>) {
  const dot = file.originalName.lastIndexOf('.');
  return {
    fileId: file.id,
    fileName: file.originalName,
    fileSize: file.size,
    extension: dot > 0 ? file.originalName.slice(dot + 1).toLowerCase() : '',
  };
}
