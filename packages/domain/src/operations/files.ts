import { idParams } from '../contracts/common';
import { fileDownloadResponse, fileLinkResponse, signedFileQuery } from '../contracts/files';
import { defineOperation, pathOf } from './operation';

const tags = ['files'];

/** Files (issue 13): a scoped download, a 5-minute signed link to it, and that link's download. */
export const FILE_OPERATIONS = {
  downloadFile: defineOperation({
    method: 'GET',
    path: '/api/files/:id',
    tags,
    who: 'authenticated',
    summary: 'Download a file (attachment) whose exception, provision or unit is in the caller’s scope',
    params: idParams,
    response: fileDownloadResponse,
  }),
  fileLink: defineOperation({
    method: 'GET',
    path: '/api/files/:id/link',
    tags,
    who: 'authenticated',
    summary: 'A signed download link for the file, valid for 5 minutes (to open in a new tab)',
    params: idParams,
    response: fileLinkResponse,
  }),
  signedDownload: defineOperation({
    method: 'GET',
    path: '/api/files/:id/signed',
    tags,
    who: 'public',
    summary: 'Download through a signed link (no session: the link is the permission; expired or altered → 403)',
    params: idParams,
    query: signedFileQuery,
    response: fileDownloadResponse,
  }),
} as const;

/** Where a stored file is downloaded (the `url` of an evidence or an upload's answer). */
export const fileDownloadPath = (fileId: number) => pathOf(FILE_OPERATIONS.downloadFile, { id: fileId });
