import { z } from 'zod';
import { returns, type InvokeDeclarations } from './declare';

export const attachmentsInvoke = {
  /** An image of a message as a `data:` address, read by main after its checks (core/toolkit/attachment-images.ts). */
  'attachment:image': { args: z.tuple([z.string().max(2048)]), result: returns<string>() },
} satisfies InvokeDeclarations;
