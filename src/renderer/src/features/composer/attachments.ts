import { attachmentProblem, type AttachmentDraft, type AttachmentProblem } from '../../../../shared/attachments';

export interface PickedFile {
  file: File;
  problem: AttachmentProblem | null;
}

/** A file the agent picked, dropped or pasted, checked before anything is read or sent. */
export const pick = (file: File): PickedFile => ({
  file,
  problem: attachmentProblem({ name: file.name, type: file.type, size: file.size }),
});

/** The file as it crosses to main: base64 of its bytes. */
export function readAttachment(file: File): Promise<AttachmentDraft> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ name: file.name, type: file.type, data: url.slice(url.indexOf(',') + 1) });
    };
    reader.readAsDataURL(file);
  });
}
