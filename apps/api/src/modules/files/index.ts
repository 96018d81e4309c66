// The files module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { presentFileFields } from './presenter';
export { insertEvidence, insertFile } from './repository';
export type { FileRow } from './repository';
export type { Download, FilesService, StoredFile } from './service';
