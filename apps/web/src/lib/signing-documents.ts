import type { SigningEvidence } from '@planpiso/domain';
import { downloadFile } from './download';
import { signedFileLink } from './file-link';

// A signing document's view and download, shared by the provisions' and the refinancings' documents tables.

/** A document shown in the browser's own PDF viewer, in a new tab (read with the session, never cached). */
export async function viewSigningDocument(evidence: SigningEvidence): Promise<void> {
  // Opened before the request so the browser does not take it for an unrequested pop-up.
  const tab = window.open('', '_blank');
  try {
    const { blob } = await downloadFile(evidence.url);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A download through the file's short-lived signed link (spec 3 §7 "signed URL fetch"): an attachment. */
export async function downloadSigningDocument(evidence: SigningEvidence): Promise<void> {
  const data = await signedFileLink(evidence.fileId);
  const link = document.createElement('a');
  link.href = data.url;
  link.download = evidence.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
