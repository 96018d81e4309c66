import { signedFileLink } from '../../../../lib/file-link';

/**
 * Opens a stored file (the provision's annex) in a new tab through its short-lived signed link (GET
 * /api/files/{id}/link, spec 3 §7 "signed URL fetch ... opened in a new tab"). The tab is opened before the call,
 * in the click, so a popup blocker lets it through; it is closed again when the call fails.
 */
export async function openFileLink(fileId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const link = await signedFileLink(fileId);
    if (tab) {
      tab.opener = null;
      tab.location.href = link.url;
    } else window.open(link.url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
